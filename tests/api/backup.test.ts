// The restore drill (CONTRACT.md `npm run db:backup`, `npm run db:restore`), on the pass's database
// kind: PGlite with files on the local disk, or PostgreSQL with files in S3. An install of its own
// (./fresh-install.ts) gets the demo seed plus a deal, messages and a photo, and is backed up; the
// backup is restored by `npm run db:restore` into a new empty install, where another process
// (./restore-check.ts) finds the same rows, signs a member in with their password, reads their
// conversation and its photo, runs a job, and is refused a second restore. Then the retention.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/backup.test.ts
import { newInstall, removeInstalls, serverUrl, thisInstall } from './fresh-install';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { call } from './helpers';
import { imageForm, jpeg, newPackage } from './member-fixtures';
import { rowCounts } from './table-counts';
import { closeDb, getDb } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { env } from '@/lib/env';
import { users } from '@/lib/server/db/schema';
import {
  backupName,
  backupsToKeep,
  createBackup,
  listBackups,
  pruneBackups,
  type Backup,
} from '@/lib/server/db/backup';
import { acceptProposal, propose } from '@/lib/server/deals/proposals';
import { POST as signIn } from '@/app/api/user/v1/auth/sign-in/route';
import { POST as sendMessage } from '@/app/api/user/v1/conversations/[id]/messages/route';
import { POST as sendImage } from '@/app/api/user/v1/conversations/[id]/images/route';
import { GET as messageImage } from '@/app/api/user/v1/messages/[id]/image/route';

const root = path.resolve(__dirname, '..', '..');
const password = 'demo1234';

before(async () => {
  // An install of our own: the demo seed needs an empty database (the pass's is shared).
  assert.equal(env.DATA_DIR, thisInstall.dataDir);
  await prepareDatabase('demo');
});
after(async () => {
  await closeDb();
  removeInstalls();
});

/** Runs a tsx script of this repository as the npm scripts do; resolves with its exit code and output. */
function run(args: string[], extraEnv: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...extraEnv },
    });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk) => ((stdout += chunk), (output += chunk)));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, stdout, output }));
  });
}

async function memberId(email: string) {
  const [row] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

test('backup, then restore into a new empty database: the same rows, a member signs in, their conversation and photo, the jobs', async () => {
  const senderEmail = 'sender@demo.colibri.tn';
  const [sender, carrier] = await Promise.all([senderEmail, 'traveller@demo.colibri.tn'].map(memberId));
  // A new parcel of the demo sender, and a deal on it with the demo traveller.
  const session = await call(signIn, { body: { email: senderEmail, password } });
  assert.ok(session.cookie, JSON.stringify(session.json));
  const parcel = await newPackage({ userId: sender!, email: senderEmail, cookie: session.cookie });
  const proposal = await propose(carrier!, { listingKind: 'package', listingId: parcel, amount: 45 });
  await acceptProposal(sender!, proposal.id);
  const talkId = proposal.conversationId;
  for (const body of ['Le carton est prêt.', 'Je vous attends à l’aéroport.']) {
    const sent = await call(sendMessage, { params: { id: talkId }, body: { body }, cookie: session.cookie });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
  }
  const photo = await call(sendImage, {
    params: { id: talkId },
    form: imageForm(await jpeg()),
    cookie: session.cookie,
  });
  assert.equal(photo.status, 200, JSON.stringify(photo.json));
  const photoBytes = (
    await (
      await call(messageImage, { params: { id: photo.json.data.id }, cookie: session.cookie })
    ).response.arrayBuffer()
  ).byteLength;
  const before = await rowCounts();
  assert.ok(before.users! > 3 && before.messages! > 3 && before['uploaded files']! > 1, JSON.stringify(before));

  const backup = await createBackup();
  assert.match(backup.name, serverUrl ? /^colibri-\d{8}T\d{6}Z\.pgdump$/ : /^colibri-\d{8}T\d{6}Z\.pglite\.tgz$/);
  assert.match(backup.sha256, /^[0-9a-f]{64}$/);
  assert.ok(backup.bytes > 10_000);
  assert.deepEqual(
    (await listBackups()).map(({ name, complete }) => ({ name, complete })),
    [{ name: backup.name, complete: true }],
  );

  // `npm run db:restore`: by name from the bucket (S3), or as a file (the local disk's backups folder).
  const target = newInstall();
  const given = env.S3_ENDPOINT ? backup.name : path.join(thisInstall.dataDir, 'backups', backup.name);
  const restored = await run(['scripts/db.ts', 'restore', given], target.env);
  assert.equal(restored.code, 0, restored.output);
  assert.match(restored.stdout, new RegExp(`Restored ${backup.name.replace(/\./g, '\\.')} in \\d+ ms`));
  // Files are not in a backup: on the local disk they stay in DATA_DIR (copied here as they would stay).
  if (!env.S3_ENDPOINT)
    for (const folder of ['uploads', 'private'])
      if (existsSync(path.join(thisInstall.dataDir, folder)))
        cpSync(path.join(thisInstall.dataDir, folder), path.join(target.dataDir, folder), { recursive: true });

  const checked = await run(
    [
      'tests/api/restore-check.ts',
      JSON.stringify({ email: senderEmail, password, conversationId: talkId, imageMessageId: photo.json.data.id }),
    ],
    target.env,
  );
  assert.equal(checked.code, 0, checked.output);
  const found = JSON.parse(checked.stdout.trim().split('\n').at(-1)!);
  assert.deepEqual(found.counts, before, 'the same rows per table, and the same stored files');
  assert.equal(found.signIn, 200, 'the member signs in with their password');
  assert.equal(found.conversation, 200);
  assert.deepEqual(found.messages.slice(-3), ['Le carton est prêt.', 'Je vous attends à l’aéroport.', '']);
  assert.deepEqual(found.image, { status: 200, type: 'image/webp', bytes: photoBytes }, 'the photo');
  assert.ok(found.jobs.ran >= 1 && found.jobs.mailed === 1, 'a job enqueued and run on the restored queue');
  assert.match(found.refused, /not empty/);
});

test('the retention keeps the newest of each of the last 7 days and of the last 4 weeks', async () => {
  const at = (iso: string, complete = true): Backup => ({
    name: backupName(new Date(iso), 'postgres'),
    takenAt: new Date(iso),
    complete,
  });
  // Every day at 02:17 for 40 days, two on the newest day (a manual one at 15:00), one unfinished.
  const now = new Date('2026-11-29T16:00:00Z');
  const backups = Array.from({ length: 40 }, (_, i) => at(new Date(Date.UTC(2026, 9, 21 + i, 2, 17)).toISOString()));
  backups.push(at('2026-11-29T15:00:00Z'), at('2026-11-29T15:30:00Z', false), at('2026-11-20T15:30:00Z', false));
  const kept = [...backupsToKeep(backups, now)].sort();
  const day = (d: string, time = '021700') => `colibri-${d}T${time}Z.pgdump`;
  assert.deepEqual(kept, [
    day('20261108'), // Sundays: the newest of weeks 45, 46, 47 (and 48 is this week's newest)
    day('20261115'),
    day('20261122'),
    day('20261123'), // the 7 newest days
    day('20261124'),
    day('20261125'),
    day('20261126'),
    day('20261127'),
    day('20261128'),
    day('20261129', '150000'), // the newest of its day and week
    day('20261129', '153000'), // unfinished, still being written perhaps
  ]);

  // On storage: this install's one backup stays; a backup older than the retention is removed.
  const fresh = await listBackups();
  assert.deepEqual(await pruneBackups(), []);
  assert.deepEqual(await listBackups(), fresh);
});
