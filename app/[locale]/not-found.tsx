import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/locales';

export async function generateMetadata() {
  const t = await getTranslations('NotFound');
  return { title: t('metaTitle'), robots: { index: false } };
}

export default async function NotFound() {
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('NotFound');
  const href = (path: string) => getPathname({ locale, href: path });
  const links = [
    { path: '/', label: t('home'), primary: true },
    { path: '/colis', label: t('parcels') },
    { path: '/trajets', label: t('trips') },
    { path: '/faq', label: t('faq') },
  ];
  return (
    <section className="prose-page py-20 text-center">
      <p className="text-6xl font-extrabold text-primary-dark" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-secondary">{t('title')}</h1>
      <p className="mt-4 text-lg text-muted">{t('text')}</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map((link) => (
          <li key={link.path}>
            <Link
              href={href(link.path)}
              className={
                link.primary
                  ? 'inline-block rounded-full bg-secondary px-5 py-3 font-semibold text-white hover:bg-secondary-dark'
                  : 'inline-block rounded-full border border-secondary px-5 py-3 font-semibold text-secondary hover:bg-secondary-light'
              }
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
