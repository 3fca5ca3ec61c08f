import { getTranslations } from 'next-intl/server';
import type { ListingKind } from '@/lib/domain';
import { localPath } from '@/lib/i18n/paths';
import { localePrefix, type Locale } from '@/lib/i18n/locales';
import { listFilterKeys } from '@/lib/routes';
import { AlertButton } from './alert-button';
import type { RawFilters } from './listing-filters';

/** What a route alert keeps of a list's query: its filters, not the page, order or status. */
const kept = listFilterKeys.filter((key) => !['cursor', 'sort', 'limit', 'status'].includes(key));

/** A filtered list's "alert me": only the results pages render it, so the bare lists load no script for it. */
export async function AlertAction({ kind, locale, raw }: { kind: ListingKind; locale: Locale; raw: RawFilters }) {
  const t = await getTranslations('Alerts');
  const filters = Object.fromEntries(
    kept.flatMap((key) => {
      const value = raw[key]?.trim();
      return value ? [[key, value]] : [];
    }),
  );
  if (!Object.keys(filters).length) return null;
  return (
    <section
      aria-labelledby="alert-title"
      className="bg-primary-light flex flex-wrap items-center justify-between gap-3 rounded-2xl px-5 py-4"
    >
      <div>
        <h2 id="alert-title" className="text-secondary font-bold">
          {t('offerTitle')}
        </h2>
        <p className="text-sm">{t('offerText')}</p>
      </div>
      <AlertButton
        kind={kind}
        filters={filters}
        locale={localePrefix(locale)}
        manageHref={`${localPath(locale, 'parametres')}#alertes`}
        labels={{
          create: t('create'),
          saving: t('saving'),
          saved: t('saved'),
          manage: t('manage'),
          error: t('error'),
        }}
      />
    </section>
  );
}
