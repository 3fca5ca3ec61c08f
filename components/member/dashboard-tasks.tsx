import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { cityName } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { proposalViews } from '@/lib/routes';
import type { DashboardTasks } from '@/lib/server/members/dashboard';

/** At most this many tasks are listed; the proposals page has the rest. */
const shownTasks = 5;

/** Mon Espace leads with what needs the member: proposals to answer, codes to type, unread conversations. */
export async function DashboardTaskList({ tasks, locale }: { tasks: DashboardTasks; locale: Locale }) {
  const t = await getTranslations('Dashboard');
  const p = await getTranslations('Proposals');
  const conversation = (id: string) => `${localPath(locale, 'messagerie')}?conversation=${encodeURIComponent(id)}`;
  const item = 'hover:border-secondary flex flex-col gap-0.5 rounded-xl border border-neutral-200 bg-white px-4 py-3';
  const none = !tasks.waiting.length && !tasks.unreadConversations;
  return (
    <section aria-labelledby="tasks-title" className="mt-8">
      <h2 id="tasks-title" className="text-secondary text-xl font-bold">
        {t('tasksTitle')}
      </h2>
      {none ? (
        <p className="text-muted mt-3">{t('tasksNone')}</p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {tasks.waiting.slice(0, shownTasks).map(({ proposal, task }) => {
            const other = proposal.role === 'owner' ? proposal.proposer : proposal.owner;
            const route = p(proposal.listing.kind === 'package' ? 'aboutPackage' : 'aboutTravel', {
              from: cityName(proposal.listing.from, locale),
              to: cityName(proposal.listing.to, locale),
            });
            return (
              <li key={proposal.id}>
                <Link href={conversation(proposal.conversationId)} prefetch={false} className={item}>
                  <span className="font-semibold">{t(`task.${task}`, { name: other.firstname })}</span>
                  <span className="text-muted text-sm">{route}</span>
                </Link>
              </li>
            );
          })}
          {tasks.unreadConversations ? (
            <li>
              <Link href={localPath(locale, 'messagerie')} prefetch={false} className={item}>
                <span className="font-semibold">{t('tasksUnread', { count: tasks.unreadConversations })}</span>
              </Link>
            </li>
          ) : null}
        </ul>
      )}
      {tasks.waiting.length > shownTasks ? (
        <Link
          href={localPath(locale, `mes-propositions/${proposalViews.received}`)}
          prefetch={false}
          className="text-secondary mt-3 inline-block font-semibold underline"
        >
          {t('tasksAll')}
        </Link>
      ) : null}
    </section>
  );
}
