import { getMessages, getTranslations } from 'next-intl/server';
import { NewsletterFrame, Notice } from '@/components/newsletter/newsletter-page';
import { isErrorCode } from '@/lib/errors';
import { isKeyOf } from '@/lib/i18n/keys';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

// Where the newsletter's plain form posts land (lib/server/http/route.ts formRedirect): `?status=sent`,
// `confirmed`, `unsubscribed`, or `?error=CODE&reason=KEY`. Rendered per request from its query
// only (no cookie, no header); not for search engines.
type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = contentMetadata('Newsletter', 'newsletter', { noindex: true });

const statuses = ['sent', 'confirmed', 'unsubscribed'] as const;

export default async function NewsletterOutcomePage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const query = await searchParams;
  const first = (key: string) => {
    const value = query[key];
    return Array.isArray(value) ? value[0] : value;
  };
  const t = await getTranslations('Newsletter');
  const errors = await getTranslations('Errors');
  const v = await getTranslations('Validation');
  const status = statuses.find((s) => s === first('status'));
  const code = first('error');
  const reason = first('reason');
  let notice = null;
  if (code && isErrorCode(code)) {
    const { Validation } = await getMessages();
    const message = reason && isKeyOf(Validation, reason) ? v(reason) : errors(code);
    notice = (
      <Notice tone="error">
        <p className="font-bold">{t('errorTitle')}</p>
        <p className="mt-1">{message}</p>
      </Notice>
    );
  } else if (status) notice = <Notice tone="success">{t(status)}</Notice>;
  return (
    <NewsletterFrame locale={locale} title={t('title')}>
      {notice}
    </NewsletterFrame>
  );
}
