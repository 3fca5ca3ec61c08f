// `npm run db:migrate`, `npm run db:seed`, `npm run db:backup` and `npm run db:restore <name or file>`.
// A seed only fills an empty database, with the demo unless SEED=none, on a server too: the command
// asks for it; `--force` is not offered: wipe DATA_DIR or the database to start again. Migrate and
// seed take the deploy lock that `npm start` takes, so on PostgreSQL they may run while instances
// start. A backup prints its name as its last line; a restore refuses a database that is not empty
// unless given `--force` (lib/server/db/backup.ts). None of them may run while `npm start` holds the
// same PGlite DATA_DIR (there the daily `backup` job of the server makes the backups).
// (No top-level await: tsx runs this file as CommonJS.)
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { closeDb } from '@/lib/server/db/client';
import { migrateDb } from '@/lib/server/db/migrate';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { createBackup, restoreBackup, storedBackup, type BackupSource } from '@/lib/server/db/backup';

/** A backup named in storage, or a file here (checked against `<file>.sha256` when one is beside it). */
async function sourceOf(given: string): Promise<BackupSource> {
  if (!existsSync(given)) return storedBackup(given);
  const file = path.resolve(given);
  const sumFile = `${file}.sha256`;
  const sha256 = existsSync(sumFile) ? readFileSync(sumFile, 'utf8').split(/\s/)[0] : undefined;
  if (!sha256) console.warn(`[restore] no ${path.basename(sumFile)} beside the file: its checksum is not checked`);
  return { name: path.basename(file), open: async () => createReadStream(file), sha256 };
}

async function main(command: string | undefined, args: string[]) {
  try {
    if (command === 'migrate') {
      await migrateDb();
      console.log('Migrations applied.');
    } else if (command === 'seed') {
      await prepareDatabase(process.env.SEED?.trim() === 'none' ? 'none' : 'demo');
    } else if (command === 'backup') {
      const { name, bytes, sha256, ms } = await createBackup();
      console.log(`Backup written: ${bytes} bytes in ${ms} ms, sha256 ${sha256}`);
      console.log(name);
    } else if (command === 'restore' && args.filter((a) => a !== '--force').length === 1) {
      const source = await sourceOf(args.find((a) => a !== '--force')!);
      const { ms, kept } = await restoreBackup(source, { force: args.includes('--force') });
      console.log(`Restored ${source.name} in ${ms} ms.${kept ? ` The previous database is in ${kept}.` : ''}`);
      console.log('Start the server (or npm run db:migrate): it applies the migrations newer than the backup.');
    } else {
      console.error('usage: db.ts migrate | seed | backup | restore <backup name or file> [--force]');
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
}

void main(process.argv[2], process.argv.slice(3));
