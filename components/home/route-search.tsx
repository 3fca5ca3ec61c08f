import { getTranslations } from 'next-intl/server';
import { searchRoles } from '@/lib/domain';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { searchPage } from '@/lib/routes';
import { RouteSearchLoader } from './route-search-loader';
import { searchClasses as c, searchIds, type RouteSearchTexts } from './route-search-fields';

/**
 * The home page's route search: a plain GET form (to /{lang}/recherche, which sends on to the route
 * page or the list), complete without JavaScript. Once the visitor reaches it (a focus, a touch),
 * its live part replaces it with what was typed: the places combobox of the publishing form,
 * fetched then and not with the page (docs/performance.md, "First-load JavaScript").
 */
export async function RouteSearch({ locale }: { locale: Locale }) {
  const t = await getTranslations('RouteSearch');
  const e = await getTranslations('Errors');
  const texts: RouteSearchTexts = {
    from: t('from'),
    to: t('to'),
    placeholder: t('cityPlaceholder'),
    date: t('date'),
    role: t('role'),
    send: t('send'),
    sendHint: t('sendHint'),
    travel: t('travel'),
    travelHint: t('travelHint'),
    submit: t('submit'),
    noPlace: t('noPlace'),
    network: e('NETWORK'),
  };
  const action = localPath(locale, searchPage);
  const hints = { send: texts.sendHint, travel: texts.travelHint };
  return (
    <section aria-labelledby="route-search-title" className="rounded-3xl bg-white p-5 shadow-xl md:p-6">
      <h2 id="route-search-title" className="text-secondary text-2xl font-bold">
        {t('title')}
      </h2>
      <p className="text-muted mt-1">{t('text')}</p>
      <RouteSearchLoader live={{ action, texts, locale }}>
        <form action={action} method="get" className="mt-4 flex flex-col gap-4">
          <fieldset>
            <legend className={c.label}>{texts.role}</legend>
            <div className={c.roles}>
              {searchRoles.map((role) => (
                <label key={role} className={c.role}>
                  <input
                    type="radio"
                    name="role"
                    value={role}
                    defaultChecked={role === 'send'}
                    className="accent-secondary size-5"
                  />
                  <span>
                    <span className="font-semibold">{role === 'send' ? texts.send : texts.travel}</span>
                    <span className="text-muted text-sm"> · {hints[role]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {(['from', 'to'] as const).map((side) => (
              <div key={side} className={c.field}>
                <label htmlFor={searchIds[side]} className={c.label}>
                  {texts[side]}
                </label>
                <input
                  id={searchIds[side]}
                  name={side}
                  autoComplete="off"
                  placeholder={texts.placeholder}
                  className={c.input}
                />
              </div>
            ))}
          </div>
          <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <div className={c.field}>
              <label htmlFor={searchIds.date} className={c.label}>
                {texts.date}
              </label>
              <input
                id={searchIds.date}
                type="date"
                name="date"
                min="1900-01-01"
                max="2099-12-31"
                className={c.input}
              />
            </div>
            <button type="submit" className={c.submit}>
              {texts.submit}
            </button>
          </div>
        </form>
      </RouteSearchLoader>
    </section>
  );
}
