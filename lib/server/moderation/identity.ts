import 'server-only';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { and, desc, eq } from 'drizzle-orm';
import { identityRules, listingKinds, type IdentityFile } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { localPath } from '@/lib/i18n/paths';
import { siteUrl } from '@/lib/env';
import type { IdentityDecisionInput, MyIdentity } from '@/lib/schemas/moderation';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { identityChecks, users } from '@/lib/server/db/schema';
import { enqueue } from '@/lib/server/jobs/queue';
import { hit } from '@/lib/server/limits';
import { invalidateListing, listingTable } from '@/lib/server/listings/listings';
import { getFile, putFile, removeFile, type GetResult } from '@/lib/server/storage';
import { inspectImages, maxImagePixels } from '@/lib/server/storage/images';
import { userLocale } from '@/lib/server/auth/auth';
import { translator } from '@/lib/server/translate';
import { logAction } from './moderation';

// Identity checks (issue 22): a member sends a picture of an identity document and a selfie; staff
// approve (the "identity verified" badge) or refuse with a reason. The pictures are re-encoded
// without metadata, kept in the private storage area (served to staff only, by the API), and
// deleted `identityRules.keepDays` after the decision by a job.

/** Where a member's identity pictures live (private storage area); deleting the account removes it. */
export const identityFolder = (userId: string) => `identity/${userId}`;
const fileKey = (userId: string, checkId: string, file: IdentityFile) =>
  `${identityFolder(userId)}/${checkId}-${file}.webp`;

async function encode(image: { data: Buffer }): Promise<Buffer> {
  return sharp(image.data, { limitInputPixels: maxImagePixels })
    .rotate()
    .resize(identityRules.maxWidth, identityRules.maxWidth, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
}

/**
 * Before the body of POST /me/identity is read (route()'s `beforeBody`): a member already verified,
 * or with a check waiting, or over the upload limit, is refused without reading a byte of it.
 */
export async function prepareIdentity(userId: string): Promise<void> {
  const db = await getDb();
  const [member] = await db.select({ verified: users.identityVerified }).from(users).where(eq(users.id, userId));
  if (!member) throw new AppError('USER_NOT_FOUND');
  if (member.verified) throw new AppError('IDENTITY_ALREADY_VERIFIED');
  const [pending] = await db
    .select({ id: identityChecks.id })
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, userId), eq(identityChecks.status, 'pending')));
  if (pending) throw new AppError('IDENTITY_CHECK_PENDING');
  await hit('imageUploadsPerUser', userId);
}

/** POST /me/identity, once prepareIdentity passed: multipart, one picture in `document` and one in `selfie`. */
export async function submitIdentity(userId: string, form: FormData): Promise<MyIdentity> {
  const parts = {
    document: form.getAll('document').filter((f): f is File => f instanceof File),
    selfie: form.getAll('selfie').filter((f): f is File => f instanceof File),
  };
  if (parts.document.length !== 1 || parts.selfie.length !== 1)
    throw new AppError('NO_FILE', {
      ...(parts.document.length !== 1 && { document: 'identityFileRequired' }),
      ...(parts.selfie.length !== 1 && { selfie: 'identityFileRequired' }),
    });
  const db = await getDb();
  const [documentImage, selfieImage] = await inspectImages([parts.document[0]!, parts.selfie[0]!]);
  const document = await encode(documentImage!);
  const selfie = await encode(selfieImage!);
  const id = randomBytes(12).toString('base64url');
  const keys = { document: fileKey(userId, id, 'document'), selfie: fileKey(userId, id, 'selfie') };
  await putFile(keys.document, document, { area: 'private' });
  await putFile(keys.selfie, selfie, { area: 'private' });
  try {
    await db
      .insert(identityChecks)
      .values({ id, userId, status: 'pending', documentKey: keys.document, selfieKey: keys.selfie });
  } catch (error) {
    await removeFile(keys.document, 'private');
    await removeFile(keys.selfie, 'private');
    if (isUniqueViolation(error)) throw new AppError('IDENTITY_CHECK_PENDING');
    throw error;
  }
  return myIdentity(userId);
}

/** GET /me/identity: the member's latest check, and whether they are verified. */
export async function myIdentity(userId: string): Promise<MyIdentity> {
  const db = await getDb();
  const [member] = await db.select({ verified: users.identityVerified }).from(users).where(eq(users.id, userId));
  if (!member) throw new AppError('USER_NOT_FOUND');
  const [check] = await db
    .select()
    .from(identityChecks)
    .where(eq(identityChecks.userId, userId))
    .orderBy(desc(identityChecks.createdAt))
    .limit(1);
  return {
    verified: member.verified,
    check: check
      ? {
          id: check.id,
          status: check.status,
          reason: check.reason,
          createdAt: check.createdAt.toISOString(),
          decidedAt: check.decidedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** GET /moderation/identity/{id}/{file}: a picture of a check, for staff, streamed from private storage. */
export async function identityFile(checkId: string, file: string): Promise<NonNullable<GetResult>> {
  const db = await getDb();
  const [check] = await db.select().from(identityChecks).where(eq(identityChecks.id, checkId));
  const key = file === 'document' ? check?.documentKey : file === 'selfie' ? check?.selfieKey : undefined;
  const stored = key ? await getFile(key, { area: 'private' }) : null;
  if (!stored) throw new AppError('NOT_FOUND');
  return stored;
}

/** POST /moderation/identity/{id}/decision: approve (the badge) or refuse with a reason; the member is told. */
export async function decideIdentity(
  moderatorId: string,
  checkId: string,
  input: IdentityDecisionInput,
): Promise<void> {
  const db = await getDb();
  const [check] = await db.select().from(identityChecks).where(eq(identityChecks.id, checkId));
  if (!check) throw new AppError('NOT_FOUND');
  if (check.userId === moderatorId) throw new AppError('CANNOT_TARGET_SELF');
  const approve = input.decision === 'approve';
  const [member] = await db.select().from(users).where(eq(users.id, check.userId));
  if (!member) throw new AppError('USER_NOT_FOUND');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(identityChecks)
      .set({
        status: approve ? 'approved' : 'refused',
        reason: approve ? null : input.reason,
        decidedBy: moderatorId,
        decidedAt: new Date(),
      })
      .where(and(eq(identityChecks.id, checkId), eq(identityChecks.status, 'pending')))
      .returning({ id: identityChecks.id });
    if (!row) throw new AppError('MODERATION_NOT_ALLOWED');
    if (approve) await tx.update(users).set({ identityVerified: true }).where(eq(users.id, member.id));
    await logAction(tx, {
      moderatorId,
      memberId: member.id,
      action: approve ? 'approve_identity' : 'refuse_identity',
      reason: input.reason,
    });
    const locale = userLocale(member);
    const t = translator(locale, 'Emails');
    await enqueue(tx, 'mail', {
      to: member.email,
      subject: t(approve ? 'identityApprovedSubject' : 'identityRefusedSubject'),
      text: t(approve ? 'identityApprovedText' : 'identityRefusedText', {
        firstname: member.firstname,
        reason: input.reason,
        url: siteUrl + localPath(locale, 'parametres'),
      }),
    });
    await enqueue(
      tx,
      'identity-files',
      { checkId },
      { startAfter: new Date(Date.now() + identityRules.keepDays * 24 * 3600 * 1000) },
    );
  });
  // The badge shows on the member's cards and listing pages.
  if (approve)
    for (const kind of listingKinds) {
      const t = listingTable(kind);
      for (const { id } of await db.select({ id: t.id }).from(t).where(eq(t.ownerId, member.id)))
        await invalidateListing(kind, id);
    }
}

/** The `identity-files` job: a decided check's pictures are deleted (again: nothing to do). */
export async function removeIdentityFiles(checkId: string): Promise<void> {
  const db = await getDb();
  const [check] = await db.select().from(identityChecks).where(eq(identityChecks.id, checkId));
  if (!check || check.status === 'pending') return;
  for (const key of [check.documentKey, check.selfieKey]) if (key) await removeFile(key, 'private');
  await db.update(identityChecks).set({ documentKey: null, selfieKey: null }).where(eq(identityChecks.id, checkId));
}
