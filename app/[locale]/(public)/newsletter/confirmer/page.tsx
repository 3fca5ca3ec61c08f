import { NewsletterLinkPage } from '@/components/newsletter/newsletter-page';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

// The confirmation link of the newsletter's double opt-in. Opening it changes nothing (mail
// scanners open links): the button posts the token, with or without JavaScript.
type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = contentMetadata('Newsletter', 'newsletter/confirmer', { noindex: true });

export default async function NewsletterConfirmPage({ params, searchParams }: Props) {
  return <NewsletterLinkPage locale={await pageLocale(params)} token={(await searchParams).token} link="confirm" />;
}
