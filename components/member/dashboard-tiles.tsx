'use client';
import Link from 'next/link';
import useSWR from 'swr';
import { useTranslations } from 'next-intl';
import { useApi } from '@/lib/client/use-api';
import { useSessionUser } from '@/lib/client/use-session-user';
import type { Dashboard } from '@/lib/schemas/member';

export type Tile = {
  key: 'travels' | 'packages' | 'messaging' | 'favourites' | 'sent' | 'received' | 'settings' | 'help' | 'wallet';
  href: string;
};

const titles = {
  travels: 'travels',
  packages: 'packages',
  messaging: 'messaging',
  favourites: 'favourites',
  sent: 'sentProposals',
  received: 'receivedProposals',
  settings: 'settings',
  wallet: 'wallet',
  help: 'help',
} as const;

/**
 * The dashboard's tiles, each with its live count: read again every 30 seconds and when the tab comes
 * back; the unread count follows the header's session mirror (the live stream updates it).
 */
export function DashboardTiles({ tiles, initial }: { tiles: Tile[]; initial: Dashboard }) {
  const t = useTranslations('Dashboard');
  const api = useApi();
  const user = useSessionUser();
  const { data = initial } = useSWR('me/dashboard', (path: string) => api<Dashboard>(path), {
    fallbackData: initial,
    refreshInterval: 30_000,
  });
  const unread = user?.unreadMessages ?? data.unreadMessages;
  const counts: Partial<Record<Tile['key'], string>> = {
    travels: t('openCount', { count: data.openListings.travel }),
    packages: t('openCount', { count: data.openListings.package }),
    messaging: t('unreadCount', { count: unread }),
    favourites: t('savedCount', { count: data.favourites }),
    sent: t('pendingCount', { count: data.pendingProposals.sent }),
    received: t('pendingCount', { count: data.pendingProposals.received }),
    settings: t('alertsCount', { count: data.alerts }),
  };
  const highlight: Partial<Record<Tile['key'], boolean>> = {
    messaging: unread > 0,
    received: data.pendingProposals.received > 0,
  };
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {tiles.map((tile) => (
        <li key={tile.key}>
          <Link
            href={tile.href}
            data-tile={tile.key}
            className="hover:border-secondary hover:bg-secondary-light flex min-h-28 flex-col justify-between gap-2 rounded-2xl border border-neutral-200 p-5"
          >
            <span className="text-secondary text-lg font-bold">{t(titles[tile.key])}</span>
            {counts[tile.key] ? (
              <span
                className={`w-fit rounded-full px-3 py-1 text-sm font-semibold ${highlight[tile.key] ? 'bg-primary text-ink' : 'bg-secondary-light text-secondary'}`}
              >
                {counts[tile.key]}
              </span>
            ) : (
              <span className="text-muted text-sm">{t(tile.key === 'wallet' ? 'walletHint' : 'helpHint')}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
