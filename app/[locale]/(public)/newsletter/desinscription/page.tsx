import { NewsletterLinkPage } from '@/components/newsletter/newsletter-page';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

// The unsubscribe link of every newsletter e-mail. Opening it changes nothing (mail scanners open
// links): the button posts the token. Mail clients unsubscribe in one click through List-Unsubscribe.
type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = contentMetadata('Newsletter', 'newsletter/desinscription', { noindex: true });

export default async function NewsletterUnsubscribePage({ params, searchParams }: Props) {
  return <NewsletterLinkPage locale={await pageLocale(params)} token={(await searchParams).token} link="unsubscribe" />;
}
