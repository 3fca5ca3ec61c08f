// `npm run newsletter:send -- issue.json`: sends an issue of the newsletter to every confirmed
// subscriber, each in their language, with the unsubscribe link and List-Unsubscribe header fields
// (lib/server/public/newsletter.ts). issue.json: { "fr": { "subject", "text" }, "en": ..., "tn": ..., "ar": ... }.
// One e-mail job per recipient, idempotent: running it again with the same issue sends nothing twice.
// On PostgreSQL the running instances' jobs (or `npm run worker`) send them; on the embedded database
// this script sends them itself (not while `npm start` holds the same PGlite DATA_DIR).
// Through SMTP when SMTP_URL is set, else into DATA_DIR/outbox. (No top-level await: tsx runs this file as CommonJS.)
import { readFileSync } from 'node:fs';
import { z } from '@/lib/zod';
import { prefixes } from '@/lib/i18n/locales';
import { env } from '@/lib/env';
import { closeDb } from '@/lib/server/db/client';
import { drainJobs, stopJobs } from '@/lib/server/jobs/runner';
import { migrateDb } from '@/lib/server/db/migrate';
import { sendNewsletter } from '@/lib/server/public/newsletter';

const text = z.object({ subject: z.string().trim().min(1), text: z.string().trim().min(1) });
const issueSchema = z.object(
  Object.fromEntries(prefixes.map((prefix) => [prefix, text])) as Record<(typeof prefixes)[number], typeof text>,
);

async function main(file: string | undefined) {
  if (!file) {
    console.error('usage: npm run newsletter:send -- issue.json');
    process.exitCode = 2;
    return;
  }
  try {
    const issue = issueSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    await migrateDb();
    console.log(`${await sendNewsletter(issue)} e-mails enqueued (subscribers not sent this issue before).`);
    if (!env.DATABASE_URL) console.log(`${await drainJobs()} jobs run.`);
  } finally {
    await stopJobs();
    await closeDb();
  }
}

void main(process.argv[2]);
