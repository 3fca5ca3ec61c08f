import { getTranslations } from 'next-intl/server';
import { NewsletterFrame, TokenForm } from '@/components/newsletter/newsletter-page';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { apiBasePath } from '@/lib/routes';

// The confirmation link of the newsletter's double opt-in. Opening it changes nothing (mail
// scanners open links): the button posts the token, with or without JavaScript.
type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = contentMetadata('Newsletter', 'newsletter/confirmer', { noindex: true });

export default async function NewsletterConfirmPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const token = (await searchParams).token;
  const t = await getTranslations('Newsletter');
  return (
    <NewsletterFrame locale={locale} title={t('confirmTitle')}>
      <TokenForm
        locale={locale}
        token={Array.isArray(token) ? token[0] : token}
        action={`${apiBasePath}/newsletter/confirm`}
        text={t('confirmText')}
        button={t('confirmButton')}
      />
    </NewsletterFrame>
  );
}
