import { notFound } from 'next/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';

// Any unknown page under a valid language renders the translated 404 page with status 404.
export default async function CatchAll({ params }: LocaleParams) {
  await pageLocale(params);
  notFound();
}
