// `npm run db:migrate` and `npm run db:seed` (a seed only fills an empty database, with the demo unless
// SEED=none, on a server too: the command asks for it; `--force` is not offered: wipe DATA_DIR or the
// database to start again). Both take the deploy lock that `npm start` takes, so on PostgreSQL they may
// run while instances start. Do not run while `npm start` holds the same PGlite DATA_DIR.
// (No top-level await: tsx runs this file as CommonJS.)
import { closeDb } from '@/lib/server/db/client';
import { migrateDb } from '@/lib/server/db/migrate';
import { prepareDatabase } from '@/lib/server/db/prepare';

async function main(command: string | undefined) {
  try {
    if (command === 'migrate') {
      await migrateDb();
      console.log('Migrations applied.');
    } else if (command === 'seed') {
      await prepareDatabase(process.env.SEED?.trim() === 'none' ? 'none' : 'demo');
    } else {
      console.error('usage: db.ts migrate|seed');
      process.exitCode = 2;
    }
  } finally {
    await closeDb();
  }
}

void main(process.argv[2]);
