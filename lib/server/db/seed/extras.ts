import { isOpenStatus } from '@/lib/domain';
import type { contactMessages, favourites, likes, newsletterSubscriptions, reports } from '../schema';
import type { Listings } from './listings';
import type { Members } from './members';
import type { Listing, Row, Seeding, UserRow } from './rows';
import { at, DAY, HOUR, MINUTE } from './units';

// The rest of the demo: favourites and likes (the demo accounts have some), two reports, three
// newsletter subscriptions and two messages to the contact form.

export type Extras = {
  favourites: Row<typeof favourites>[];
  likes: Row<typeof likes>[];
  reports: Row<typeof reports>[];
  newsletterSubscriptions: Row<typeof newsletterSubscriptions>[];
  contactMessages: Row<typeof contactMessages>[];
};

export function makeExtras({ rng, now }: Seeding, { demo, others }: Members, listings: Listings): Extras {
  const openListings = listings.all.filter((l) => isOpenStatus(l.row.status));
  const favouriteRows: Row<typeof favourites>[] = [];
  const favourite = (user: UserRow, listing: Listing | undefined) => {
    if (!listing || listing.row.ownerId === user.id) return;
    if (favouriteRows.some((f) => f.userId === user.id && f.listingId === listing.row.id)) return;
    favouriteRows.push({
      userId: user.id,
      kind: listing.kind,
      listingId: listing.row.id,
      createdAt: at(now - rng.float(0.5, 20) * DAY),
    });
  };
  const openTravels = openListings.filter((l) => l.kind === 'travel');
  const openPackages = openListings.filter((l) => l.kind === 'package');
  for (let i = 0; i < 4; i++) favourite(demo.sender, rng.pick(openTravels));
  favourite(demo.sender, rng.pick(openPackages));
  for (let i = 0; i < 4; i++) favourite(demo.traveller, rng.pick(openPackages));
  favourite(demo.traveller, rng.pick(openTravels));
  favourite(demo.newcomer, rng.pick(openTravels));
  favourite(demo.newcomer, rng.pick(openPackages));
  for (let i = 0; i < 10; i++) {
    const user = rng.pick(others);
    favourite(user, rng.pick(openListings));
  }

  const likeRows: Row<typeof likes>[] = [];
  const like = (user: UserRow, liked: UserRow) => {
    if (user.id === liked.id || likeRows.some((l) => l.userId === user.id && l.likedUserId === liked.id)) return;
    likeRows.push({
      userId: user.id,
      likedUserId: liked.id,
      createdAt: at(now - rng.float(1, 90) * DAY),
    });
  };
  like(demo.sender, demo.traveller);
  like(demo.traveller, demo.sender);
  for (let i = 0; i < 6; i++) like(rng.pick(others), demo.traveller);
  for (let i = 0; i < 3; i++) like(rng.pick(others), demo.sender);
  for (let i = 0; i < 6; i++) like(rng.pick(others), rng.pick(others));

  const reportRows: Row<typeof reports>[] = [
    {
      id: rng.id(),
      reporterId: demo.sender.id,
      reportedUserId: others[29]!.id,
      reason: 'no_show',
      details: 'Ne s’est pas présenté au rendez-vous pour récupérer le colis et ne répond plus aux messages.',
      createdAt: at(now - 12 * DAY),
    },
    {
      id: rng.id(),
      reporterId: others[4]!.id,
      reportedUserId: others[17]!.id,
      reason: 'suspicious',
      details: 'Demande un paiement d’avance par virement avant même de voir le colis.',
      createdAt: at(now - 40 * DAY),
    },
  ];

  const newsletterRows: Row<typeof newsletterSubscriptions>[] = [
    // Confirmed through their e-mailed link a little after signing up (double opt-in).
    {
      email: 'hana.kefi@example.com',
      locale: 'fr',
      createdAt: at(now - 60 * DAY),
      confirmedAt: at(now - 60 * DAY + 20 * MINUTE),
    },
    {
      email: 'pierre.durand@example.org',
      locale: 'fr',
      createdAt: at(now - 25 * DAY),
      confirmedAt: at(now - 25 * DAY + 3 * HOUR),
    },
    {
      email: 'walid.amri@example.net',
      locale: 'ar-TN',
      createdAt: at(now - 4 * DAY),
      confirmedAt: at(now - 4 * DAY + 5 * MINUTE),
    },
  ];

  const contactRows: Row<typeof contactMessages>[] = [
    {
      id: rng.id(),
      name: 'Hana Kefi',
      email: 'hana.kefi@example.com',
      subject: 'Assurance des colis',
      message: 'Bonjour, est-ce que les colis transportés sont assurés en cas de perte ? Merci.',
      locale: 'fr',
      userId: null,
      createdAt: at(now - 9 * DAY),
    },
    {
      id: rng.id(),
      name: demo.traveller.name,
      email: demo.traveller.email,
      subject: 'Vérification d’identité',
      message: 'Bonjour, j’ai envoyé ma pièce d’identité il y a deux jours, pouvez-vous confirmer la vérification ?',
      locale: 'fr',
      userId: demo.traveller.id,
      createdAt: at(now - 2 * DAY),
    },
  ];

  return {
    favourites: favouriteRows,
    likes: likeRows,
    reports: reportRows,
    newsletterSubscriptions: newsletterRows,
    contactMessages: contactRows,
  };
}
