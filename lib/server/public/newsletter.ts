import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { newsletterRules } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { siteUrl } from '@/lib/env';
import { localPath } from '@/lib/i18n/paths';
import { localeFromSegment, localePrefix, type Locale, type Prefix } from '@/lib/i18n/locales';
import { getDb } from '@/lib/server/db/client';
import { newsletterSubscriptions, users } from '@/lib/server/db/schema';
import { settingsRows, shouldNotify, type Mail } from '@/lib/server/notify';
import { apiBasePath } from '@/lib/routes';
import { hit, withinLimit } from '@/lib/server/limits';
import { enqueue, jobExists, jobId } from '@/lib/server/jobs/queue';
import { translator } from '@/lib/server/translate';

// The newsletter, with double opt-in: subscribing sends a confirmation link, and only a confirmed
// address gets the newsletter; every newsletter e-mail carries an unsubscribe link and the
// List-Unsubscribe header fields (one click, RFC 8058), and unsubscribing deletes the address.
// No answer tells a stranger whether an address is subscribed: an address already confirmed gets an
// e-mail saying so, and the screen says "check your inbox" in both cases.

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY = 24 * 3600 * 1000;

/** The newsletter pages (French slugs): the outcome page, and the two pages an e-mailed link opens. */
export const newsletterPages = {
  outcome: 'newsletter',
  confirm: 'newsletter/confirmer',
  unsubscribe: 'newsletter/desinscription',
} as const;

export const newsletterUrls = {
  confirm: (locale: Locale, token: string) =>
    `${siteUrl}${localPath(locale, newsletterPages.confirm)}?token=${encodeURIComponent(token)}`,
  unsubscribe: (locale: Locale, token: string) =>
    `${siteUrl}${localPath(locale, newsletterPages.unsubscribe)}?token=${encodeURIComponent(token)}`,
  /** The List-Unsubscribe address: a mail client posts to it (one click), or opens it (a redirect to the page). */
  oneClick: (token: string) => `${siteUrl}${apiBasePath}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
};

function storedLocale(value: string): Locale {
  return localeFromSegment(value) ?? 'fr';
}

/**
 * Subscribes an address, pending its confirmation: a new or pending address gets a (new) confirmation
 * link; a confirmed one stays as it is and gets an e-mail saying it is subscribed. One e-mail per
 * address every 10 minutes and 5 a day, whoever asks: past those, the same answer and no e-mail
 * ("c'est noté", issue 33), so that typing one's address again never reads as an error and a
 * stranger learns nothing.
 */
export async function subscribe(email: string, locale: Locale, address: string): Promise<void> {
  await hit('newsletterPerAddress', address);
  if (!(await withinLimit('newsletterEmailsPerInbox', email))) return;
  if (!(await withinLimit('newsletterEmailsPerInboxPerDay', email))) return;
  const db = await getDb();
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const t = translator(locale, 'Emails');
  const pending = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscriptions)
      .values({ email, locale, confirmTokenHash: sha256(token), confirmSentAt: now })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: { locale, confirmTokenHash: sha256(token), confirmSentAt: now },
        setWhere: sql`${newsletterSubscriptions.confirmedAt} is null`,
      })
      .returning({ email: newsletterSubscriptions.email });
    if (row)
      await enqueue(tx, 'mail', {
        to: email,
        subject: t('newsletterConfirmSubject'),
        text: t('newsletterConfirmText', {
          url: newsletterUrls.confirm(locale, token),
          days: newsletterRules.confirmLinkDays,
        }),
      });
    return Boolean(row);
  });
  if (pending) return;
  const [subscriber] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  if (!subscriber) return; // unsubscribed in between: nothing to say
  await enqueue(
    db,
    'mail',
    newsletterMail(
      { ...subscriber, locale },
      { subject: t('newsletterAlreadySubject'), text: t('newsletterAlreadyText') },
    ),
  );
}

/**
 * Confirms the address of a confirmation link (valid 7 days; following it again is fine), and
 * welcomes it with a first newsletter e-mail (its unsubscribe link included). Returns the
 * subscriber's language, for the page that says so.
 */
export async function confirmSubscription(token: string): Promise<Locale> {
  const db = await getDb();
  const t = newsletterSubscriptions;
  const sameToken = eq(t.confirmTokenHash, sha256(token));
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({ confirmedAt: new Date() })
      .where(
        and(
          sameToken,
          isNull(t.confirmedAt),
          gte(t.confirmSentAt, new Date(Date.now() - newsletterRules.confirmLinkDays * DAY)),
        ),
      )
      .returning();
    if (!row) return undefined;
    const e = translator(storedLocale(row.locale), 'Emails');
    await enqueue(
      tx,
      'mail',
      newsletterMail(row, { subject: e('newsletterWelcomeSubject'), text: e('newsletterWelcomeText') }),
    );
    return row;
  });
  if (confirmed) return storedLocale(confirmed.locale);
  const [already] = await db
    .select({ locale: t.locale })
    .from(t)
    .where(and(sameToken, isNotNull(t.confirmedAt)));
  if (!already) throw new AppError('NEWSLETTER_LINK_INVALID');
  return storedLocale(already.locale);
}

/** Unsubscribes the address of an unsubscribe link: its row is deleted. Returns its language. */
export async function unsubscribe(token: string): Promise<Locale> {
  const db = await getDb();
  const [row] = await db
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeToken, token))
    .returning({ locale: newsletterSubscriptions.locale });
  if (!row) throw new AppError('NEWSLETTER_LINK_INVALID');
  return storedLocale(row.locale);
}

/** The language of a subscriber's unsubscribe link (for the page a mail client opens), if it exists. */
export async function unsubscribeLocale(token: string): Promise<Locale | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ locale: newsletterSubscriptions.locale })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeToken, token));
  return row ? storedLocale(row.locale) : undefined;
}

/**
 * A newsletter e-mail to a subscriber: the text, then its unsubscribe link; and the header fields
 * with which a mail client offers to unsubscribe in one click.
 */
export function newsletterMail(
  subscriber: { email: string; locale: string; unsubscribeToken: string },
  content: { subject: string; text: string },
): Mail {
  const locale = storedLocale(subscriber.locale);
  const t = translator(locale, 'Emails');
  return {
    to: subscriber.email,
    subject: content.subject,
    text: `${content.text}\n\n-- \n${t('newsletterFooter', { url: newsletterUrls.unsubscribe(locale, subscriber.unsubscribeToken) })}`,
    headers: {
      'List-Unsubscribe': `<${newsletterUrls.oneClick(subscriber.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** An issue of the newsletter: a subject and a text in each language. */
export type NewsletterIssue = Record<Prefix, { subject: string; text: string }>;

/**
 * Enqueues an issue for every confirmed subscriber, each in their language: one e-mail job per
 * recipient whose id is made of the issue and the address, so that a rerun of the same issue sends
 * nothing twice (as long as pg-boss keeps the job, docs/operations.md "Jobs"). Returns how many were new.
 */
export async function sendNewsletter(issue: NewsletterIssue): Promise<number> {
  const db = await getDb();
  const t = newsletterSubscriptions;
  const issueKey = createHash('sha256').update(JSON.stringify(issue)).digest('hex');
  let sent = 0;
  let after = '';
  for (;;) {
    const batch = await db
      .select()
      .from(t)
      .where(and(isNotNull(t.confirmedAt), gt(t.email, after)))
      .orderBy(asc(t.email))
      .limit(500);
    // A member who switched the newsletter off in parametres gets none, whatever their subscription.
    const members = batch.length
      ? await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            inArray(
              sql`lower(${users.email})`,
              batch.map((s) => s.email.toLowerCase()),
            ),
          )
      : [];
    const rows = await settingsRows(
      members.map((m) => m.id),
      db,
    );
    const off = new Set<string>();
    for (const m of members)
      if (!(await shouldNotify(rows.get(m.id)!, 'newsletter', 'email')).send) off.add(m.email.toLowerCase());
    for (const subscriber of batch) {
      if (off.has(subscriber.email.toLowerCase())) continue;
      const id = jobId('newsletter', issueKey, subscriber.email);
      if (await jobExists(db, 'mail', id)) continue;
      // An issue is a notification: never to an address that bounced or complained (lib/server/notify/suppression.ts).
      const mail = {
        ...newsletterMail(subscriber, issue[localePrefix(storedLocale(subscriber.locale))]),
        notice: true,
      };
      if (await enqueue(db, 'mail', mail, { id })) sent += 1;
    }
    if (batch.length < 500) return sent;
    after = batch[batch.length - 1]!.email;
  }
}
