import { getTranslations } from 'next-intl/server';
import type { ListingSummary } from '@/lib/schemas/listings';
import { badgeClass } from './status-badge-class';

// Apart from listing-card.tsx, whose client cards would otherwise ship with every detail page.
export async function StatusBadge({ listing }: { listing: Pick<ListingSummary, 'kind' | 'status'> }) {
  const t = await getTranslations('Listings');
  const label = listing.kind === 'package' ? t(`packageStatus.${listing.status}`) : t(`travelStatus.${listing.status}`);
  return <span className={badgeClass(listing.status)}>{label}</span>;
}
