// Members, listings and deals that the member-space tests build (tests/api/member*.test.ts); each
// test file deletes the listings of the members it made.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { call, day, deleteListingsOf, soon, trader } from './helpers';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb } from '@/lib/server/db/client';
import { acceptProposal, deliver, getProposal, pickUp, propose } from '@/lib/server/deals/proposals';
import { POST as createPackage } from '@/app/api/user/v1/packages/route';
import { POST as createTravel } from '@/app/api/user/v1/travels/route';

export type Member = Awaited<ReturnType<typeof trader>>;
export { day, soon };
export const made: Member[] = [];

export async function someone(label: string) {
  const m = await trader(label);
  made.push(m);
  return m;
}

let addresses = 0;
export const address = () => `2001:db8:12:${(++addresses).toString(16)}::${(process.pid % 0xffff).toString(16)}`;

export async function newPackage(owner: Member, extra: Record<string, unknown> = {}) {
  const answer = await call(createPackage, {
    cookie: owner.cookie,
    body: {
      name: 'Vêtements',
      from: { city: 'Tunis' },
      to: { city: 'Marseille' },
      startedAt: soon(3),
      endedAt: soon(6),
      weightKg: 4,
      pricePerKg: 15,
      currency: 'TND',
      ...extra,
    },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.data.id as string;
}

export async function newTravel(owner: Member, extra: Record<string, unknown> = {}) {
  const answer = await call(createTravel, {
    cookie: owner.cookie,
    body: {
      from: { city: 'Sfax' },
      to: { city: 'Lyon' },
      startedAt: soon(2),
      endedAt: soon(3),
      pricePerKg: 9,
      currency: 'EUR',
      travelType: 'plane',
      ...extra,
    },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  return answer.json.data.id as string;
}

/** A parcel deal between its sender (the package's owner) and a carrier, up to a stage. */
export async function deal(sender: Member, carrier: Member, stage: 'accepted' | 'delivered') {
  const listingId = await newPackage(sender);
  const proposal = await propose(carrier.userId, { listingKind: 'package', listingId, amount: 50 });
  await acceptProposal(sender.userId, proposal.id);
  if (stage === 'delivered') {
    const codes = (await getProposal(sender.userId, proposal.id)).handover!;
    await pickUp(carrier.userId, proposal.id, codes.pickupCode);
    await deliver(carrier.userId, proposal.id, codes.deliveryCode);
  }
  return { listingId, proposalId: proposal.id };
}

export const jpeg = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#3B5173' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'gps-and-secrets' } })
    .toBuffer();

export function imageForm(data: Buffer, name = 'me.jpg') {
  const form = new FormData();
  form.append('images', new File([new Uint8Array(data)], name, { type: 'image/jpeg' }));
  return form;
}

/** The database each file's tests use, and the listings of its members removed at the end. */
export function memberTests() {
  before(async () => {
    await migrateDb();
  });
  after(async () => {
    await deleteListingsOf(...made.map((m) => m.userId));
    await closeDb();
  });
}
