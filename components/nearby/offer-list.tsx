import Link from 'next/link';
import { ArrowIcon } from '@/components/ui/icons';
import type { OfferView } from './offer-view';

/** The offers of the map as a list, nearest first: the page's content without WebGL, and for screen readers. */
export function OfferList({ offers }: { offers: OfferView[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {offers.map((offer) => (
        <li key={`${offer.kind}-${offer.id}`}>
          <article className="hover:border-secondary relative flex flex-col gap-1 rounded-xl border border-neutral-200 bg-white p-3 text-sm transition hover:shadow-md">
            <p className="flex items-center justify-between gap-2">
              <span
                className={`badge ${offer.kind === 'package' ? 'bg-primary-light text-primary-dark' : 'bg-secondary-light text-secondary'}`}
              >
                {offer.kindLabel}
              </span>
              <span className="text-muted">{offer.distance}</span>
            </p>
            <h3 className="text-base font-bold">
              <Link href={offer.href} className="after:absolute after:inset-0">
                {offer.from}
                <ArrowIcon className="text-primary-dark mx-1.5 size-4 align-middle" />
                {offer.to}
              </Link>
            </h3>
            <p className="text-muted">
              {offer.day}
              {offer.detail ? ` · ${offer.detail}` : ''}
            </p>
            <p className="text-secondary font-extrabold">{offer.price}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
