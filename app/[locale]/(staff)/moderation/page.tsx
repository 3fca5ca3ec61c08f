import Link from 'next/link';
import { getMessages, getTranslations } from 'next-intl/server';
import { reportReasons, type ReportReason } from '@/lib/domain';
import { formatLongDate } from '@/lib/dates';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';
import { memberSearchQuerySchema } from '@/lib/schemas/moderation';
import { moderationQueue, searchMembers } from '@/lib/server/moderation/moderation';
import { isKeyOf } from '@/lib/i18n/keys';

export const generateMetadata = memberMetadata('Moderation.title');

const isReportReason = (reason: string): reason is ReportReason =>
  (reportReasons as readonly string[]).includes(reason);

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

const card = 'rounded-2xl border border-neutral-200 bg-white p-5';
const badge = 'rounded-full px-2.5 py-0.5 text-xs font-bold';

// moderation: the queue of open reports (flagged members first), the identity checks waiting, and a
// search of members by e-mail or name. Staff only (the layout).
export default async function ModerationPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Moderation');
  const reasons = await getTranslations('Profile.reasons');
  const v = await getTranslations('Validation');
  const raw = (await searchParams).q;
  const q = typeof raw === 'string' ? raw : undefined;
  const parsed = q === undefined ? null : memberSearchQuerySchema.safeParse({ q });
  const hits = parsed?.success ? await searchMembers(parsed.data.q) : null;
  const searchError = parsed && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const { groups, identity } = await moderationQueue();
  const recordPath = (id: string) => localPath(locale, `moderation/membre/${id}`);
  const reasonText = (reason: string) => (isReportReason(reason) ? reasons(reason) : reason);
  const validation = (await getMessages()).Validation;
  return (
    <div className="container-page py-10">
      <h1 className="text-secondary text-3xl font-extrabold">{t('title')}</h1>
      <p className="text-muted mt-1">{t('intro')}</p>

      <form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search">
        <div className="flex min-w-0 grow flex-col gap-1.5 sm:max-w-md">
          <label htmlFor="q" className="text-sm font-semibold">
            {t('searchLabel')}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={q ?? ''}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? 'q-error' : undefined}
            className="focus:border-secondary min-h-11 rounded-lg border border-neutral-300 bg-white px-3"
          />
          {searchError ? (
            <p id="q-error" className="text-sm text-red-700">
              {isKeyOf(validation, searchError) ? v(searchError) : searchError}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="bg-secondary hover:bg-secondary-dark min-h-11 rounded-full px-6 font-semibold text-white"
        >
          {t('searchButton')}
        </button>
      </form>
      {hits ? (
        <section aria-labelledby="hits-title" className="mt-4">
          <h2 id="hits-title" className="sr-only">
            {t('searchResults')}
          </h2>
          {hits.length ? (
            <ul className="flex flex-col gap-2">
              {hits.map((hit) => (
                <li key={hit.id}>
                  <Link href={recordPath(hit.id)} className="text-secondary font-semibold underline">
                    {hit.name}
                  </Link>{' '}
                  <bdi dir="ltr" className="text-muted text-sm">
                    {hit.email}
                  </bdi>
                  {hit.suspended ? (
                    <span className={`${badge} ms-2 bg-red-100 text-red-800`}>{t('suspended')}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('searchEmpty')}</p>
          )}
        </section>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="queue-title">
          <h2 id="queue-title" className="text-secondary text-xl font-bold">
            {t('queueTitle')}
          </h2>
          {groups.length ? (
            <ul className="mt-3 flex flex-col gap-4">
              {groups.map((group) => (
                <li key={group.key} className={card}>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link href={recordPath(group.member.id)} className="text-secondary text-lg font-bold underline">
                      {group.member.name}
                    </Link>
                    <bdi dir="ltr" className="text-muted text-sm">
                      {group.member.email}
                    </bdi>
                    {group.member.flagged ? (
                      <span className={`${badge} bg-amber-100 text-amber-900`}>{t('flagged')}</span>
                    ) : null}
                    {group.member.suspended ? (
                      <span className={`${badge} bg-red-100 text-red-800`}>{t('suspended')}</span>
                    ) : null}
                  </div>
                  <p className="text-muted mt-1 text-sm">
                    {t('reporters', { count: group.member.reporters })} ·{' '}
                    {group.listing ? t('aboutListing', { title: group.listing.title }) : t('aboutMember')}
                  </p>
                  <ul className="mt-3 flex flex-col gap-2 border-s-2 border-neutral-200 ps-3">
                    {group.reports.map((r) => (
                      <li key={r.id}>
                        <p className="font-semibold">{reasonText(r.reason)}</p>
                        {r.details ? (
                          <p dir="auto" className="text-sm break-words whitespace-pre-line">
                            {r.details}
                          </p>
                        ) : null}
                        <p className="text-muted text-xs">
                          {t('reportedBy', { name: r.reporter.name, date: formatLongDate(r.createdAt, locale) })}
                        </p>
                      </li>
                    ))}
                  </ul>
                  <Link
                    href={recordPath(group.member.id)}
                    className="text-secondary mt-3 inline-block text-sm font-semibold underline"
                  >
                    {t('openRecord')}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3">{t('queueEmpty')}</p>
          )}
        </section>
        <section aria-labelledby="identity-title">
          <h2 id="identity-title" className="text-secondary text-xl font-bold">
            {t('identityTitle')}
          </h2>
          {identity.length ? (
            <ul className="mt-3 flex flex-col gap-3">
              {identity.map((check) => (
                <li key={check.id} className={card}>
                  <Link href={recordPath(check.member.id)} className="text-secondary font-bold underline">
                    {check.member.name}
                  </Link>
                  <p className="text-muted text-sm">{t('sentOn', { date: formatLongDate(check.createdAt, locale) })}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3">{t('identityEmpty')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
