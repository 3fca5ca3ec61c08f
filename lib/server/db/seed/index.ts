import 'server-only';
import { hashPassword } from 'better-auth/crypto';
import { getDb, type Tx } from '../client';
import {
  accounts,
  contactMessages,
  conversations,
  favourites,
  likes,
  messages,
  newsletterSubscriptions,
  packageImages,
  packages,
  proposals,
  ratings,
  reports,
  travels,
  users,
} from '../schema';
import { makeConversations } from './conversations';
import { makeExtras } from './extras';
import { makeListings } from './listings';
import { makeMembers, staffMember } from './members';
import { photographPackages } from './package-photos';
import { DEMO_PASSWORD } from './people';
import { makeProposals } from './proposals';
import { makeRatings } from './ratings';
import { Rng } from './rng';
import type { Row, Seeding } from './rows';

// The demo data set: three demo accounts, about thirty other members, listings in every state on
// real routes, proposals, conversations, ratings and a few extras. Called on an empty database.
// Deterministic: one seeded PRNG, dates relative to the moment it runs. The steps below draw from
// the generator in turn, so moving one changes everything drawn after it.

const SEED = 0xc011b21;
const BATCH = 100;

async function insertBatches<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function seedDemo(): Promise<Record<string, number>> {
  const seeding: Seeding = { rng: new Rng(SEED), now: Date.now() };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const members = makeMembers(seeding);
  const listings = makeListings(seeding, members);
  const photos = photographPackages(seeding, listings.packages);
  photos.saved.catch(() => {}); // awaited (and thrown) after the database writes
  const proposalRows = makeProposals(seeding, members, listings);
  const talk = makeConversations(seeding, members, listings, proposalRows);
  const ratingRows = makeRatings(seeding, members, listings, proposalRows);
  const extras = makeExtras(seeding, members, listings);
  // Added last, from its own generator, so that the rest of the demo stays as it was.
  members.all.push(staffMember(new Rng(SEED + 1), seeding.now));
  const accountRows: Row<typeof accounts>[] = members.all.map((u) => ({
    id: seeding.rng.id(),
    userId: u.id,
    accountId: u.id,
    providerId: 'credential',
    password: passwordHash,
    createdAt: u.createdAt,
    updatedAt: u.createdAt,
  }));
  const stamp = <T extends { createdAt: Date }>(rows: T[]) => rows.map((r) => ({ ...r, updatedAt: r.createdAt }));

  const db = await getDb();
  await db.transaction(async (tx: Tx) => {
    await insertBatches(stamp(members.all), (chunk) => tx.insert(users).values(chunk));
    await insertBatches(accountRows, (chunk) => tx.insert(accounts).values(chunk));
    await insertBatches(stamp(listings.packages), (chunk) => tx.insert(packages).values(chunk));
    await insertBatches(photos.rows, (chunk) => tx.insert(packageImages).values(chunk));
    await insertBatches(stamp(listings.travels), (chunk) => tx.insert(travels).values(chunk));
    await insertBatches(proposalRows, (chunk) => tx.insert(proposals).values(chunk));
    await insertBatches(talk.conversations, (chunk) => tx.insert(conversations).values(chunk));
    await insertBatches(talk.messages, (chunk) => tx.insert(messages).values(chunk));
    await insertBatches(ratingRows, (chunk) => tx.insert(ratings).values(chunk));
    await insertBatches(extras.favourites, (chunk) => tx.insert(favourites).values(chunk));
    await insertBatches(extras.likes, (chunk) => tx.insert(likes).values(chunk));
    await insertBatches(extras.reports, (chunk) => tx.insert(reports).values(chunk));
    await insertBatches(extras.newsletterSubscriptions, (chunk) => tx.insert(newsletterSubscriptions).values(chunk));
    await insertBatches(extras.contactMessages, (chunk) => tx.insert(contactMessages).values(chunk));
  });
  await photos.saved;

  return {
    users: members.all.length,
    accounts: accountRows.length,
    packages: listings.packages.length,
    packageImages: photos.rows.length,
    travels: listings.travels.length,
    proposals: proposalRows.length,
    conversations: talk.conversations.length,
    messages: talk.messages.length,
    ratings: ratingRows.length,
    favourites: extras.favourites.length,
    likes: extras.likes.length,
    reports: extras.reports.length,
    newsletterSubscriptions: extras.newsletterSubscriptions.length,
    contactMessages: extras.contactMessages.length,
  };
}
