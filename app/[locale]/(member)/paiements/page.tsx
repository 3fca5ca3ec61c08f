import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { BackLink } from '@/components/member/back-link';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';

export const generateMetadata = memberMetadata('Payments.title');

// The dashboard's payments/wallet tile: what is true. Payment in person, no commission, no wallet.
export default async function PaymentsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Payments');
  const points = t.raw('points') as { title: string; text: string }[];
  return (
    <section className="prose-page py-10">
      <BackLink href={localPath(locale, 'mon-dashboard')} label={t('dashboard')} navLabel={t('breadcrumb')} />
      <h1 className="text-secondary mt-3 text-3xl font-extrabold">{t('title')}</h1>
      <p className="mt-3 text-lg">{t('intro')}</p>
      <ul className="mt-6 flex flex-col gap-4">
        {points.map((point) => (
          <li key={point.title} className="rounded-2xl border border-neutral-200 p-5">
            <h2 className="text-secondary text-lg font-bold">{point.title}</h2>
            <p className="mt-1 leading-relaxed">{point.text}</p>
          </li>
        ))}
      </ul>
      <Link href={localPath(locale, 'faq')} className="text-secondary mt-6 inline-block font-semibold underline">
        {t('faq')}
      </Link>
    </section>
  );
}
