import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '@/lib/domain';
import { siteUrl } from '@/lib/env';
import { AppError } from '@/lib/errors';
import type { Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { apiBasePath } from '@/lib/routes';
import { eq } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { derivedKey } from '@/lib/server/jobs/seal';
import type { JobData } from '@/lib/server/jobs/definitions';
import { updateNotifications } from './preferences';
import { translator } from '@/lib/server/translate';

// One-click unsubscribe (RFC 8058) for the notification e-mails a member's settings switch on and off
// (new messages, proposals, deal steps): each carries `List-Unsubscribe` with an https link and
// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and a line with a page's link. The token says
// whose and which kind, signed (HMAC-SHA256, a key derived from the session secret): it turns that
// kind of e-mail off without a sign-in, and can do nothing else. Alerts and the newsletter have their
// own links (lib/server/public/alerts.ts, newsletter.ts).

/** The kinds of e-mail a member's switch turns off through such a link. */
export const unsubscribableKinds = ['messages', 'proposals', 'deals'] as const satisfies readonly NotificationKind[];
type UnsubscribableKind = (typeof unsubscribableKinds)[number];

/** The page a person opens from the e-mail's line (its button posts the token). */
export const unsubscribePage = 'desabonnement';

const key = (db: Db | Tx) => derivedKey(db, 'one-click unsubscribe');
const mac = (secret: Buffer, userId: string, kind: string) =>
  createHmac('sha256', secret).update(`${userId}\n${kind}`).digest('base64url').slice(0, 32);

/** `<member id, base64url>.<kind>.<signature>` */
export async function unsubscribeToken(db: Db | Tx, userId: string, kind: UnsubscribableKind): Promise<string> {
  return `${Buffer.from(userId).toString('base64url')}.${kind}.${mac(await key(db), userId, kind)}`;
}

async function readToken(db: Db, token: string): Promise<{ userId: string; kind: UnsubscribableKind } | null> {
  const [encoded, kind, signature] = token.split('.');
  if (!encoded || !kind || !signature || !(unsubscribableKinds as readonly string[]).includes(kind)) return null;
  const userId = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(await key(db), userId, kind));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, kind: kind as UnsubscribableKind };
}

/** POST /notifications/unsubscribe?token=: that member's e-mails of that kind are turned off (parametres turns them on again). */
export async function unsubscribeNotices(token: string): Promise<{ kind: UnsubscribableKind }> {
  const db = await getDb();
  const read = await readToken(db, token);
  if (!read) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
  await db.transaction(async (tx) => {
    // The member is gone: the link has nothing left to do.
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, read.userId)).for('share');
    if (!member) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
    await updateNotifications(tx, read.userId, { email: { [read.kind]: false } });
  });
  return { kind: read.kind };
}

/**
 * A notification e-mail to a member, as the `mail` job takes it: a last line with the page that turns
 * this kind off, the one-click header fields, and `notice` (never sent to a suppressed address).
 */
export async function noticeMail(
  db: Db | Tx,
  member: { id: string; email: string },
  kind: UnsubscribableKind,
  locale: Locale,
  mail: { subject: string; text: string },
): Promise<JobData<'mail'>> {
  const token = await unsubscribeToken(db, member.id, kind);
  const page = `${siteUrl}${localPath(locale, unsubscribePage)}?token=${encodeURIComponent(token)}`;
  const oneClick = `${siteUrl}${apiBasePath}/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  const t = translator(locale, 'Emails');
  return {
    to: member.email,
    subject: mail.subject,
    text: `${mail.text}\n\n-- \n${t('noticeFooter', { url: page })}`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    notice: true,
  };
}
