// The restore drill's second half (tests/api/backup.test.ts), run as a process of its own on the
// restored install (DATA_DIR, DATABASE_URL): what it finds there, as one JSON line on stdout.
//   node --conditions=react-server --import tsx tests/api/restore-check.ts '{"email":…}'
// (No top-level await: tsx runs this file as CommonJS.)
import { clientAddressHeaders } from '@/lib/server/http/client-address.mjs';
import { apiBasePath } from '@/lib/routes';
import { closeDb, getDb } from '@/lib/server/db/client';
import { migrateDb } from '@/lib/server/db/migrate';
import { enqueue } from '@/lib/server/jobs/queue';
import { drainJobs, stopJobs } from '@/lib/server/jobs/runner';
import { backupName, restoreBackup } from '@/lib/server/db/backup';
import { outboxIn } from '../outbox';
import { rowCounts } from './table-counts';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { GET as conversation } from '@/app/api/user/v1/conversations/[id]/route';
import { GET as messageImage } from '@/app/api/user/v1/messages/[id]/image/route';

type Given = { email: string; password: string; conversationId: string; imageMessageId: string };

/** A route handler called as Next would, from one client address. */
async function request(
  handler: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>,
  url: string,
  { body, cookie, params = {} }: { body?: unknown; cookie?: string; params?: Record<string, string> } = {},
) {
  const headers = new Headers({
    'content-type': 'application/json',
    'x-locale': 'fr',
    ...clientAddressHeaders('198.51.100.77'),
  });
  if (cookie) headers.set('cookie', cookie);
  return handler(
    new Request(`http://localhost:3000${apiBasePath}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve(params) },
  );
}

async function main(given: Given) {
  // What was restored, before this process adds anything (a sign-in adds a session).
  const counts = await rowCounts();
  await migrateDb(); // what a server does at start: nothing to apply on a backup of this release
  const signedIn = await request(signIn, '/auth/sign-in', { body: { email: given.email, password: given.password } });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const talk = await request(conversation, `/conversations/${given.conversationId}`, {
    cookie,
    params: { id: given.conversationId },
  });
  const talkJson = (await talk.json()) as { data?: { messages?: { body?: string | null }[] } };
  const image = await request(messageImage, `/messages/${given.imageMessageId}/image`, {
    cookie,
    params: { id: given.imageMessageId },
  });
  const imageBytes = image.status === 200 ? (await image.arrayBuffer()).byteLength : 0;
  // The job queue's schema came back too: a job is enqueued and run.
  await enqueue(await getDb(), 'mail', {
    to: 'drill@test.colibri.tn',
    subject: 'restore drill',
    text: 'after the restore',
  });
  const ran = await drainJobs();
  const mailed = outboxIn(process.env.DATA_DIR!, 'drill@test.colibri.tn').length;
  // A second restore into this install, now not empty, is refused.
  let refused = '';
  const name = backupName(new Date(), process.env.DATABASE_URL ? 'postgres' : 'pglite');
  await restoreBackup({ name, open: () => Promise.reject(new Error('not read')) }).catch(
    (error: unknown) => (refused = error instanceof Error ? error.message : String(error)),
  );
  console.log(
    JSON.stringify({
      counts,
      signIn: signedIn.status,
      conversation: talk.status,
      messages: (talkJson.data?.messages ?? []).map((m) => m.body ?? null),
      image: { status: image.status, type: image.headers.get('content-type'), bytes: imageBytes },
      jobs: { ran, mailed },
      refused,
    }),
  );
}

main(JSON.parse(process.argv[2] ?? '{}') as Given)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopJobs();
    await closeDb();
  });
