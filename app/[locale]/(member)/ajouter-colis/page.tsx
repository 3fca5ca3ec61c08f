import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PublishInApp } from '@/components/listings/publish-in-app';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: 'AddListing' });
  return { title: t('parcelMetaTitle'), robots: { index: false } };
}

export default async function AddParcelPage({ params }: LocaleParams) {
  return <PublishInApp locale={await pageLocale(params)} kind="parcel" />;
}
