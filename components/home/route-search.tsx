import { getTranslations } from 'next-intl/server';
import { searchRoles } from '@/lib/domain';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { searchPage } from '@/lib/routes';
import { RouteSearchEnhancer } from './route-search-enhancer';

const formId = 'route-search';
const label = 'text-sm font-semibold';
const input = 'focus:border-secondary min-h-12 w-full rounded-lg border border-neutral-300 bg-white px-3 text-base';

/**
 * The home page's route search: a plain GET form (to /{lang}/recherche, which sends on to the route
 * page or the list), complete without JavaScript. Once the visitor reaches it, its city fields
 * suggest places as one types (./place-suggest.ts, fetched then: docs/performance.md, "First-load
 * JavaScript").
 */
export async function RouteSearch({ locale }: { locale: Locale }) {
  const t = await getTranslations('RouteSearch');
  const roles = {
    send: { name: t('send'), hint: t('sendHint') },
    travel: { name: t('travel'), hint: t('travelHint') },
  };
  return (
    <section aria-labelledby="route-search-title" className="rounded-3xl bg-white p-5 shadow-xl md:p-6">
      <h2 id="route-search-title" className="text-secondary text-2xl font-bold">
        {t('title')}
      </h2>
      <p className="text-muted mt-1">{t('text')}</p>
      <form id={formId} action={localPath(locale, searchPage)} method="get" className="mt-4 flex flex-col gap-4">
        <fieldset>
          <legend className={label}>{t('role')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {searchRoles.map((role) => (
              <label key={role} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="role"
                  value={role}
                  defaultChecked={role === 'send'}
                  className="accent-secondary size-5 shrink-0"
                />
                <span>
                  <span className="font-semibold">{roles[role].name}</span>
                  <span className="text-muted text-sm"> · {roles[role].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['from', 'to'] as const).map((side) => (
            <div key={side} className="relative flex flex-col gap-1.5">
              <label id={`search-${side}-label`} htmlFor={`search-${side}`} className={label}>
                {t(side)}
              </label>
              <input
                id={`search-${side}`}
                name={side}
                data-place=""
                autoComplete="off"
                placeholder={t('cityPlaceholder')}
                className={input}
              />
            </div>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="search-date" className={label}>
              {t('date')}
            </label>
            {/* Native, in the browser's format: the lists' DateInputLater would take the home page's first load
                over its budget (docs/decisions/0038-a-page-per-city-pair.md). */}
            <input id="search-date" type="date" name="date" min="1900-01-01" max="2099-12-31" className={input} />
          </div>
          <button
            type="submit"
            className="bg-secondary hover:bg-secondary-dark min-h-12 rounded-full px-8 font-semibold text-white"
          >
            {t('submit')}
          </button>
        </div>
      </form>
      <RouteSearchEnhancer formId={formId} texts={{ noPlace: t('noPlace') }} />
    </section>
  );
}
