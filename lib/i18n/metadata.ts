import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/lib/seo';
import { pageLocale, type LocaleParams } from './page';

/** Metadata of a page whose namespace has `metaTitle` and `metaDescription`. */
export function contentMetadata(namespace: string, path: string, options: { noindex?: boolean } = {}) {
  return async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
    const locale = await pageLocale(params);
    const t = await getTranslations({ locale });
    return pageMetadata({
      locale,
      path,
      title: t(`${namespace}.metaTitle` as never),
      description: t.has(`${namespace}.metaDescription` as never)
        ? t(`${namespace}.metaDescription` as never)
        : t('Metadata.defaultDescription'),
      siteName: t('Metadata.siteName'),
      noindex: options.noindex,
    });
  };
}
