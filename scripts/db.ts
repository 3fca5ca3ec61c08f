// `npm run db:migrate` and `npm run db:seed` (a seed only fills an empty database; `--force` is not offered:
// wipe DATA_DIR or the database to start again). Do not run while `npm start` holds the same PGlite DATA_DIR.
import { closeDb } from '@/lib/server/db/client';
import { migrateDb } from '@/lib/server/db/migrate';
import { prepareDatabase } from '@/lib/server/db/prepare';

const command = process.argv[2];
try {
  if (command === 'migrate') {
    await migrateDb();
    console.log('Migrations applied.');
  } else if (command === 'seed') {
    await prepareDatabase();
  } else {
    console.error('usage: db.ts migrate|seed');
    process.exitCode = 2;
  }
} finally {
  await closeDb();
}
