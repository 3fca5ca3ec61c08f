import { redirect } from 'next/navigation';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { localPath } from '@/lib/i18n/paths';
import { proposalViews } from '@/lib/routes';

// mes-propositions: the sent proposals first.
export default async function ProposalsIndex({ params }: LocaleParams) {
  redirect(localPath(await pageLocale(params), `mes-propositions/${proposalViews.sent}`));
}
