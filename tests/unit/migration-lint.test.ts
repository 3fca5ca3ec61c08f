/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lintMigrations } from '@/scripts/migration-lint.mjs';

// The migration check (lib/server/db/migrations/README.md): squawk's rules, and a why for every exception.

const root = path.resolve(__dirname, '..', '..');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'colibri-lint-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lint(sql: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.sql`);
  writeFileSync(file, sql);
  return lintMigrations({ root, files: [file] }).map((p: string) => p.replace(/^[^:]+:/, ''));
}

it('the committed migrations pass', () => {
  expect(lintMigrations({ root })).toEqual([]);
});

const why = '-- the release before this one no longer reads it';
it.each([
  ['a dropped column', 'ALTER TABLE "users" DROP COLUMN "locale";', ['1: ban-drop-column']],
  [
    'a dropped column, with its why',
    `-- squawk-ignore ban-drop-column ${why}\nALTER TABLE "users" DROP COLUMN "locale";`,
    [],
  ],
  [
    'a dropped column, with a why too short',
    '-- squawk-ignore ban-drop-column -- ok\nALTER TABLE "users" DROP COLUMN "locale";',
    ['1: squawk-ignore without a reason'],
  ],
  ['a dropped table', 'DROP TABLE "likes";', ['1: ban-drop-table']],
  ['a renamed column', 'ALTER TABLE "messages" RENAME COLUMN "body" TO "text";', ['1: renaming-column']],
  ['a renamed table', 'ALTER TABLE "likes" RENAME TO "hearts";', ['1: renaming-table']],
  ['a changed type', 'ALTER TABLE "users" ALTER COLUMN "locale" TYPE varchar(5);', ['1: changing-column-type']],
  ['NOT NULL without a default', 'ALTER TABLE "users" ADD COLUMN "nick" text NOT NULL;', ['1: adding-required-field']],
  ['NOT NULL with a default', 'ALTER TABLE "users" ADD COLUMN "nick" text DEFAULT \'\' NOT NULL;', []],
  ['a nullable column', 'ALTER TABLE "users" ADD COLUMN "nick" text;', []],
  [
    'an index on a table that exists',
    'CREATE INDEX "users_nick" ON "users" ("nick");',
    ['1: require-concurrent-index-creation'],
  ],
  [
    'a new table and its index',
    'CREATE TABLE "notes" ("id" text PRIMARY KEY);\nCREATE INDEX "notes_id" ON "notes" ("id");',
    [],
  ],
  [
    'offline without a why',
    '-- offline: stop\nALTER TABLE "users" ADD COLUMN "nick" text;',
    ['1: "-- offline:" without a reason'],
  ],
])('%s', (_, sql, expected) => {
  const problems = lint(sql);
  expect(problems).toHaveLength(expected.length);
  expected.forEach((start, i) => expect(problems[i]?.startsWith(start)).toBe(true));
});
