import 'server-only';
import type { Metadata } from 'next';
import { getMessages, getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/lib/seo';
import type { NamespaceWith } from './keys';
import type { Messages } from './messages';
import { pageLocale, type LocaleParams } from './page';

type Titled = NamespaceWith<'metaTitle'>;
type Described = Titled & NamespaceWith<'metaDescription'>;

function described(messages: Messages, namespace: Titled): namespace is Described {
  return Object.hasOwn(messages[namespace], 'metaDescription');
}

/** Metadata of a page whose namespace has `metaTitle`, and `metaDescription` unless the default fits. */
export function contentMetadata(namespace: Titled, path: string, options: { noindex?: boolean } = {}) {
  return async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
    const locale = await pageLocale(params);
    const t = await getTranslations({ locale });
    const messages = await getMessages({ locale });
    return pageMetadata({
      locale,
      path,
      title: t(`${namespace}.metaTitle`),
      description: described(messages, namespace)
        ? t(`${namespace}.metaDescription`)
        : t('Metadata.defaultDescription'),
      siteName: t('Metadata.siteName'),
      noindex: options.noindex,
    });
  };
}
