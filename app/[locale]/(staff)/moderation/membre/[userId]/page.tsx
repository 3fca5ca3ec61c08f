import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { IdentityDecisionForm, ListingActionForm, MemberActionForm } from '@/components/moderation/moderation-forms';
import { formatLongDate } from '@/lib/dates';
import { reportReasons, type ReportReason } from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';
import { listingPath, apiBasePath } from '@/lib/routes';
import { memberRecord } from '@/lib/server/moderation/moderation';
import type { MemberRecord } from '@/lib/schemas/moderation';

export const generateMetadata = memberMetadata('Moderation.title');

const isReportReason = (reason: string): reason is ReportReason =>
  (reportReasons as readonly string[]).includes(reason);
const card = 'rounded-2xl border border-neutral-200 bg-white p-5';

/** The actions a member's state allows (the API refuses the others: MODERATION_NOT_ALLOWED). */
function allowedActions(record: MemberRecord) {
  const open = record.reports.some((r) => !r.handled);
  return [
    ...(open ? (['dismiss'] as const) : []),
    'warn' as const,
    record.member.suspendedAt ? ('lift_suspension' as const) : ('suspend' as const),
    ...(record.member.flaggedAt ? (['clear_flag'] as const) : []),
  ];
}

// moderation/membre/{userId}: what staff see of a member, the actions, and the audit log.
export default async function MemberRecordPage({ params }: { params: Promise<{ locale: string; userId: string }> }) {
  const locale = await pageLocale(params);
  const { userId } = await params;
  const record = await memberRecord(userId).catch((error: unknown) => {
    if (error instanceof AppError) notFound();
    throw error;
  });
  const t = await getTranslations('Moderation');
  const reasons = await getTranslations('Profile.reasons');
  const { member } = record;
  const date = (iso: string) => formatLongDate(iso, locale);
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  return (
    <div className="container-page py-10">
      <Link href={localPath(locale, 'moderation')} className="text-secondary text-sm font-semibold underline">
        {t('back')}
      </Link>
      <h1 className="text-secondary mt-3 text-3xl font-extrabold break-words">
        {t('recordTitle', { name: member.name })}
      </h1>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t('email')}</dt>
        <dd>
          <bdi dir="ltr" className="break-all">
            {member.email}
          </bdi>
        </dd>
        <dt className="font-semibold">{t('memberSince')}</dt>
        <dd>{date(member.createdAt)}</dd>
        <dt className="font-semibold">{t('phoneVerified')}</dt>
        <dd>{yesNo(member.phoneVerified)}</dd>
        <dt className="font-semibold">{t('identityVerified')}</dt>
        <dd>{yesNo(member.identityVerified)}</dd>
      </dl>
      {member.role !== 'member' ? <p className="mt-2 font-semibold">{t('staff')}</p> : null}
      {member.suspendedAt ? (
        <p className="mt-3 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
          {t('suspendedSince', { date: date(member.suspendedAt), reason: member.suspensionReason ?? '' })}
        </p>
      ) : null}
      {member.mailSuppressed ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 font-semibold text-amber-900" data-testid="mail-suppressed">
          {t(member.mailSuppressed.reason === 'complaint' ? 'mailComplaintSince' : 'mailBouncedSince', {
            date: date(member.mailSuppressed.since),
            detail: member.mailSuppressed.detail ?? '',
          })}
        </p>
      ) : null}
      {member.flaggedAt ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 font-semibold text-amber-900">
          {t('flaggedSince', { date: date(member.flaggedAt) })}
        </p>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="actions-title" className={card}>
          <h2 id="actions-title" className="text-secondary text-xl font-bold">
            {t('actionsTitle')}
          </h2>
          <div className="mt-3">
            <MemberActionForm userId={member.id} actions={allowedActions(record)} />
          </div>
        </section>

        <section aria-labelledby="log-title" className={card}>
          <h2 id="log-title" className="text-secondary text-xl font-bold">
            {t('logTitle')}
          </h2>
          {record.log.length ? (
            <ol className="mt-3 flex flex-col gap-3" data-testid="moderation-log">
              {record.log.map((entry) => (
                <li key={entry.id} className="border-s-2 border-neutral-200 ps-3">
                  <p className="font-semibold">{t(`actions.${entry.action}`)}</p>
                  {entry.reason ? (
                    <p dir="auto" className="text-sm break-words whitespace-pre-line">
                      {entry.reason}
                    </p>
                  ) : null}
                  <p className="text-muted text-xs">
                    {date(entry.createdAt)}
                    {entry.moderator ? ` · ${t('logBy', { name: entry.moderator.name })}` : ''}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3">{t('logEmpty')}</p>
          )}
        </section>

        <section aria-labelledby="reports-title" className={card}>
          <h2 id="reports-title" className="text-secondary text-xl font-bold">
            {t('reportsTitle')}
          </h2>
          {record.reports.length ? (
            <ul className="mt-3 flex flex-col gap-3">
              {record.reports.map((r) => (
                <li key={r.id} className="border-s-2 border-neutral-200 ps-3">
                  <p className="font-semibold">
                    {isReportReason(r.reason) ? reasons(r.reason) : r.reason}{' '}
                    <span className="text-muted text-xs font-normal">({r.handled ? t('handled') : t('open')})</span>
                  </p>
                  {r.details ? (
                    <p dir="auto" className="text-sm break-words whitespace-pre-line">
                      {r.details}
                    </p>
                  ) : null}
                  <p className="text-muted text-xs">
                    {t('reportedBy', { name: r.reporter.name, date: date(r.createdAt) })}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3">{t('reportsEmpty')}</p>
          )}
        </section>

        <section aria-labelledby="listings-title" className={card}>
          <h2 id="listings-title" className="text-secondary text-xl font-bold">
            {t('listingsTitle')}
          </h2>
          {record.listings.length ? (
            <ul className="mt-3 flex flex-col gap-4">
              {record.listings.map((l) => (
                <li key={`${l.kind}:${l.id}`} className="border-s-2 border-neutral-200 ps-3">
                  {l.hidden ? (
                    <p className="font-semibold">{l.title}</p>
                  ) : (
                    <Link href={localPath(locale, listingPath(l))} className="text-secondary font-semibold underline">
                      {l.title}
                    </Link>
                  )}
                  {l.hidden ? <p className="text-sm text-red-800">{t(`hiddenBy.${l.hidden}`)}</p> : null}
                  {l.hidden !== 'suspension' ? (
                    <ListingActionForm
                      kind={l.kind}
                      id={l.id}
                      action={l.hidden === 'moderation' ? 'show_listing' : 'hide_listing'}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3">{t('listingsEmpty')}</p>
          )}
        </section>

        <section aria-labelledby="checks-title" className={`${card} lg:col-span-2`}>
          <h2 id="checks-title" className="text-secondary text-xl font-bold">
            {t('checksTitle')}
          </h2>
          {record.identity.length ? (
            <ul className="mt-3 flex flex-col gap-5">
              {record.identity.map((check) => (
                <li key={check.id}>
                  <p className="font-semibold">
                    {t(`statuses.${check.status}`)} · {date(check.createdAt)}
                  </p>
                  {check.reason ? (
                    <p dir="auto" className="text-sm">
                      {check.reason}
                    </p>
                  ) : null}
                  {check.files ? (
                    <div className="mt-2 grid gap-3 sm:grid-cols-2">
                      {(['document', 'selfie'] as const).map((file) => (
                        <figure key={file}>
                          {/* eslint-disable-next-line @next/next/no-img-element -- a private picture served by the API to staff */}
                          <img
                            src={`${apiBasePath}/moderation/identity/${check.id}/${file}`}
                            alt={t(file)}
                            className="max-h-72 w-full rounded-lg border border-neutral-200 object-contain"
                          />
                          <figcaption className="text-muted mt-1 text-xs">{t(file)}</figcaption>
                        </figure>
                      ))}
                    </div>
                  ) : (
                    <p className="text-muted text-sm">{t('filesDeleted')}</p>
                  )}
                  {check.status === 'pending' ? <IdentityDecisionForm checkId={check.id} /> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3">{t('checksEmpty')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
