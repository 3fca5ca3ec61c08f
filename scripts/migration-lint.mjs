// The migration check (`npm run db:lint`, and tests/unit/migration-lint.test.ts in `npm test`):
// squawk (squawk-cli) reads every migration of lib/server/db/migrations/ with the rules of
// squawk.toml there, and refuses what locks a busy table or breaks the release still running
// (a dropped or renamed column or table, a changed type, a NOT NULL column without a default, an
// index built on an existing table, a constraint validated at once...). A statement squawk refuses
// passes only when the line before it says which rule it breaks and why:
//   -- squawk-ignore ban-drop-column -- the code stopped reading it in the previous release (0013)
// and a whole file with `-- squawk-ignore-file <rule> -- <why>`. Here, every such comment must give
// its why (four words at least), as must `-- offline: <why>`, which declares that the instances of
// the release before must stop before the migration (tests/api/rolling-deploy.test.ts reads it).
// The README beside the migrations explains the rules.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ignoreComment = /^\s*--\s*squawk-ignore(-file)?\b(.*)$/;
const offlineComment = /^\s*--\s*offline:(.*)$/;
const minimumWhyWords = 4;

/**
 * The problems of the migrations in `dir` (or of `files`), each `file:line: rule: message`; none when
 * they pass.
 * @param {{ root?: string, dir?: string, files?: string[] }} [options]
 */
export function lintMigrations({ root = process.cwd(), dir, files } = {}) {
  const folder = dir ?? path.join(root, 'lib', 'server', 'db', 'migrations');
  const sqlFiles =
    files ??
    readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => path.join(folder, f));
  if (!sqlFiles.length) return [];
  const problems = [];
  for (const file of sqlFiles) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const offline = offlineComment.exec(line);
        if (offline && offline[1].trim().split(/\s+/).filter(Boolean).length < minimumWhyWords)
          problems.push(
            `${path.basename(file)}:${i + 1}: "-- offline:" without a reason: say why old instances must stop`,
          );
        const found = ignoreComment.exec(line);
        if (!found) return;
        const why = /--\s*(.*)$/.exec(found[2] ?? '')?.[1]?.trim() ?? '';
        if (why.split(/\s+/).filter(Boolean).length < minimumWhyWords)
          problems.push(
            `${path.basename(file)}:${i + 1}: squawk-ignore without a reason: write "-- squawk-ignore <rule> -- <why>"`,
          );
      });
  }
  const squawk = spawnSync(
    path.join(root, 'node_modules', '.bin', 'squawk'),
    [
      '--config',
      path.join(root, 'lib', 'server', 'db', 'migrations', 'squawk.toml'),
      '--reporter',
      'json',
      ...sqlFiles,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (squawk.error) throw squawk.error;
  const reported = JSON.parse(squawk.stdout || '[]');
  for (const v of reported)
    problems.push(
      `${path.basename(v.file)}:${v.line + 1}: ${v.rule_name}: ${v.message}${v.help ? ` (${v.help})` : ''}`,
    );
  if (squawk.status !== 0 && !reported.length) problems.push(`squawk exited ${squawk.status}: ${squawk.stderr}`);
  return problems;
}
