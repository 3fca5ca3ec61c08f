import { getTranslations } from 'next-intl/server';
import { NewsletterFrame, TokenForm } from '@/components/newsletter/newsletter-page';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { apiBasePath } from '@/lib/routes';

// The unsubscribe link of every newsletter e-mail. Opening it changes nothing (mail scanners open
// links): the button posts the token. Mail clients unsubscribe in one click through List-Unsubscribe.
type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = contentMetadata('Newsletter', 'newsletter/desinscription', { noindex: true });

export default async function NewsletterUnsubscribePage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const token = (await searchParams).token;
  const t = await getTranslations('Newsletter');
  return (
    <NewsletterFrame locale={locale} title={t('unsubscribeTitle')}>
      <TokenForm
        locale={locale}
        token={Array.isArray(token) ? token[0] : token}
        action={`${apiBasePath}/newsletter/unsubscribe`}
        text={t('unsubscribeText')}
        button={t('unsubscribeButton')}
      />
    </NewsletterFrame>
  );
}
