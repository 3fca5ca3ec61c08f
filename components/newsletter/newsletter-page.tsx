import Link from 'next/link';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/content/prose';
import { localPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { apiBasePath } from '@/lib/routes';

/** The frame of the newsletter's pages: a title, a message box, and the way home. */
export async function NewsletterFrame({
  locale,
  title,
  children,
}: {
  locale: Locale;
  title: string;
  children: ReactNode;
}) {
  const t = await getTranslations('Newsletter');
  return (
    <>
      <PageIntro title={title} intro={t('intro')} />
      <div className="prose-page flex flex-col items-start gap-6 py-10">
        {children}
        <Link href={localPath(locale, '')} className="text-secondary font-semibold underline">
          {t('backHome')}
        </Link>
      </div>
    </>
  );
}

export function Notice({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  const styles = {
    success: 'border-green-700 bg-green-50 text-green-900',
    error: 'border-red-700 bg-red-50 text-red-900',
    info: 'border-secondary bg-secondary-light text-ink',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`w-full rounded-lg border-s-4 px-4 py-3 ${styles}`}>
      {children}
    </div>
  );
}

/**
 * The page a link of a newsletter e-mail opens (confirm the subscription, or unsubscribe): a sentence
 * and one button, a plain form that posts the link's token.
 */
export async function NewsletterLinkPage({
  locale,
  token,
  link,
}: {
  locale: Locale;
  token: string | string[] | undefined;
  link: 'confirm' | 'unsubscribe';
}) {
  const t = await getTranslations('Newsletter');
  const value = Array.isArray(token) ? token[0] : token;
  return (
    <NewsletterFrame locale={locale} title={t(`${link}Title`)}>
      {value ? (
        <form action={`${apiBasePath}/newsletter/${link}`} method="post" className="flex flex-col items-start gap-4">
          <p>{t(`${link}Text`)}</p>
          <input type="hidden" name="token" value={value} />
          <input type="hidden" name="locale" value={locale} />
          <button
            type="submit"
            className="bg-secondary hover:bg-secondary-dark min-h-12 rounded-full px-6 font-semibold text-white"
          >
            {t(`${link}Button`)}
          </button>
        </form>
      ) : (
        <Notice tone="error">{t('missingToken')}</Notice>
      )}
    </NewsletterFrame>
  );
}
