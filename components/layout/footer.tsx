import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { localPath } from '@/lib/i18n/paths';
import { localePrefix, type Locale } from '@/lib/i18n/locales';
import { apiBasePath } from '@/lib/routes';
import { NewsletterEnhancer } from '@/components/newsletter/newsletter-enhancer';
import { isBuilt } from '@/lib/routes';
import { AppBadges } from './app-badges';
import { LogoMark } from './logo';

export async function Footer({ locale }: { locale: Locale }) {
  const t = await getTranslations('Footer');
  const h = await getTranslations('Header');
  const n = await getTranslations('Newsletter');
  const e = await getTranslations('Errors');
  const brand = (await getTranslations('Metadata'))('siteName');
  const href = (path: string) => localPath(locale, path);
  const columns = [
    {
      title: t('explore'),
      links: [
        { path: '/trajets', label: h('trips') },
        { path: '/colis', label: h('parcels') },
        { path: '/simulateur-prix', label: h('simulator') },
        { path: '/devenez-transporteur', label: h('becomeCarrier') },
        { path: '/app-mobile', label: t('app') },
      ],
    },
    {
      title: t('help'),
      links: [
        { path: '/comment-ca-marche', label: h('howItWorks') },
        { path: '/faq', label: h('faq') },
        { path: '/comparatif-colibri-vs-transporteurs', label: h('comparison') },
        { path: '/a-propos', label: h('about') },
        { path: '/contact', label: t('contact') },
      ],
    },
    {
      title: t('legal'),
      links: [
        { path: '/politique-de-confidentialite', label: t('privacy') },
        { path: '/conditions-generales-utilisation', label: t('terms') },
      ],
    },
  ];

  return (
    <footer className="bg-secondary-dark mt-16 text-white">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="flex flex-col gap-4">
          <Link href={href('/')} className="flex items-center gap-2 self-start rounded-md">
            <LogoMark className="size-9" />
            <span className="text-xl font-extrabold">{brand}</span>
          </Link>
          <p className="max-w-sm text-sm text-white/85">{t('tagline')}</p>
          <AppBadges />
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-primary-soft mb-3 text-sm font-bold tracking-wide uppercase">{column.title}</h2>
            <ul className="footer-links">
              {column.links
                .filter((link) => isBuilt(link.path))
                .map((link) => (
                  <li key={link.path}>
                    <Link href={href(link.path)}>{link.label}</Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/15">
        <div className="container-page grid gap-6 py-8 md:grid-cols-2 md:items-end">
          <div>
            <h2 className="text-lg font-bold">{t('newsletterTitle')}</h2>
            <p className="mt-1 text-sm text-white/85">{t('newsletterText')}</p>
          </div>
          <div className="flex flex-col gap-2">
            <form
              id="newsletter-form"
              noValidate
              action={`${apiBasePath}/newsletter`}
              method="post"
              data-prefix={localePrefix(locale)}
              className="flex flex-col gap-2 sm:flex-row"
            >
              <input type="hidden" name="locale" value={locale} />
              <label htmlFor="newsletter-email" className="sr-only">
                {t('emailLabel')}
              </label>
              <input
                id="newsletter-email"
                name="email"
                type="email"
                required
                autoComplete="email"
                placeholder={t('emailPlaceholder')}
                dir="ltr"
                aria-describedby="newsletter-outcome"
                className="text-ink min-h-11 flex-1 rounded-full border border-white/30 bg-white px-4 placeholder:text-neutral-500 rtl:text-right"
              />
              <button
                type="submit"
                className="bg-primary text-ink hover:bg-primary/85 min-h-11 rounded-full px-6 font-semibold disabled:opacity-70"
              >
                {t('subscribe')}
              </button>
            </form>
            <p
              id="newsletter-outcome"
              role="status"
              className="data-[tone=error]:text-primary-soft text-sm text-white data-[tone=error]:font-semibold"
            />
            <NewsletterEnhancer
              formId="newsletter-form"
              outcomeId="newsletter-outcome"
              texts={{ sending: n('sending'), sent: n('sent'), network: e('NETWORK') }}
            />
          </div>
        </div>
      </div>
      <p className="container-page pb-8 text-xs text-white/75">{t('rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
