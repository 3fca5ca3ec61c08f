'use client';
import { Fragment } from 'react';
import Link from 'next/link';
import { ArrowIcon, CheckIcon } from '@/components/ui/icons';
import { type ListingKind, type ListingStatus } from '@/lib/domain';
import { HeartButton, type HeartLabels } from './heart-button';
import { badgeClass } from './status-badge-class';
import { firstCardId } from './element-ids';

/** One listing as its card shows it: every text already formatted in the page's language. */
export type CardView = {
  kind: ListingKind;
  id: string;
  href: string;
  image: string | null;
  /** The status, for its colour, and its label. */
  status: ListingStatus;
  statusLabel: string;
  price: string;
  from: string;
  to: string;
  route: string;
  name: string | null;
  facts: [label: string, value: string][];
  owner: string;
  rating: string;
  verified: string | null;
};

/**
 * The grid of listing cards. A client component on purpose: the RSC payload then carries each
 * card's texts (about 0.4 kB) instead of its element tree (about 2.7 kB), which a list page
 * repeats a dozen times (docs/benchmarks.md). The HTML is the same, rendered on the server.
 */
export function ListingCards({
  cards,
  heart,
  routeTo,
  eagerFirst = false,
}: {
  cards: CardView[];
  heart: HeartLabels;
  /** The word between the two cities, for screen readers ("vers"). */
  routeTo: string;
  /** The first photo with the page (the grid comes first on it), the others as they come into view. */
  eagerFirst?: boolean;
}) {
  const eager = eagerFirst ? cards.findIndex((card) => card.image) : -1;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card, i) => (
        <li key={card.href} id={eagerFirst && i === 0 ? firstCardId : undefined}>
          <article className="card">
            {card.image ? (
              // eslint-disable-next-line @next/next/no-img-element -- our own resized webp, sized below
              <img
                src={card.image}
                alt=""
                width={600}
                height={450}
                {...(i === eager
                  ? ({ loading: 'eager', fetchPriority: 'high' } as const)
                  : ({ loading: 'lazy', decoding: 'async' } as const))}
              />
            ) : null}
            <div className="flex items-center justify-between gap-2">
              <span className={badgeClass(card.status)}>{card.statusLabel}</span>
              <p className="text-secondary ms-auto text-lg font-extrabold">{card.price}</p>
              <HeartButton kind={card.kind} id={card.id} labels={heart} className="-my-2 -me-2" />
            </div>
            <h3 className="text-lg font-bold">
              <Link href={card.href}>
                {card.from}
                <ArrowIcon className="text-primary-dark mx-1.5 size-4 align-middle" />
                {/* The arrow is a picture: screen readers hear "Tunis vers Anvers". */}
                <span className="sr-only"> {routeTo} </span>
                {card.to}
              </Link>
            </h3>
            <p className="text-muted -mt-2 text-sm">{card.route}</p>
            {card.name ? <p className="line-clamp-2 text-sm">{card.name}</p> : null}
            <dl>
              {card.facts.map(([label, value]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </dl>
            <p className="flex items-center gap-2 border-t border-neutral-100 pt-2 text-sm">
              <bdi className="font-semibold">{card.owner}</bdi>
              <span className="text-muted">{card.rating}</span>
              {card.verified ? (
                <span className="ms-auto text-green-800" title={card.verified}>
                  <CheckIcon className="size-4 align-middle" />
                  <span className="sr-only">{card.verified}</span>
                </span>
              ) : null}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
