import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ogImage, ogSize } from '@/components/og/og-card';
import { isRtl } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page';
import { landingCountry, landingKinds } from '@/lib/landing';

export const size = ogSize;
export const contentType = 'image/png';
export const alt = 'Colibri';

// The page's heading with the country, in the page's language.
export default async function Image({ params }: { params: Promise<{ locale: string; slug: string }> }) {
  const locale = await pageLocale(params);
  const country = landingCountry((await params).slug);
  if (!country) notFound();
  const t = await getTranslations({ locale, namespace: 'Landing' });
  const c = await getTranslations({ locale, namespace: 'Countries' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const h = await getTranslations({ locale, namespace: 'Home' });
  return ogImage({
    eyebrow: m('siteName'),
    title: t(`kinds.${landingKinds['transport-colis']}.heading`, { country: c(country.slug) }),
    lines: [h('commissionTitle')],
    rtl: isRtl(locale),
  });
}
