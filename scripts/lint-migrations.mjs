#!/usr/bin/env node
// `npm run db:lint [file.sql...]`: the migration check of scripts/migration-lint.mjs; exits 1 on a problem.
import path from 'node:path';
import { lintMigrations } from './migration-lint.mjs';

const files = process.argv.slice(2).map((f) => path.resolve(f));
const problems = lintMigrations({
  root: path.resolve(import.meta.dirname, '..'),
  files: files.length ? files : undefined,
});
for (const problem of problems) console.error(problem);
console.log(
  problems.length ? `${problems.length} problem(s): see lib/server/db/migrations/README.md` : 'Migrations: no problem.',
);
process.exit(problems.length ? 1 : 0);
