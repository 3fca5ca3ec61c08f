// Deals through the API, against a real database: proposals and counter-proposals, the contact after
// acceptance, handover codes, conversations and receipts, message photos, and the live stream.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/deals.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { call, deleteListingsOf, lastOutbox, member, parcelOnTrip, type Json, soon } from './helpers';
import { rowCounts } from './table-counts';
import { newPackage, newTravel, type Member } from './member-fixtures';
import { takeEvents, type StreamEvent } from '../event-stream';
import { migrateDb } from '@/lib/server/db/migrate';
import { closeDb } from '@/lib/server/db/client';
import { getListing } from '@/lib/server/listings/listings';
import { POST as setPackageStatus } from '@/app/api/user/v1/packages/[id]/status/route';
import { GET as listProposals, POST as propose } from '@/app/api/user/v1/proposals/route';
import { GET as getProposal, PUT as editProposal } from '@/app/api/user/v1/proposals/[id]/route';
import { POST as accept } from '@/app/api/user/v1/proposals/[id]/accept/route';
import { POST as decline } from '@/app/api/user/v1/proposals/[id]/decline/route';
import { POST as counter } from '@/app/api/user/v1/proposals/[id]/counter/route';
import { POST as cancel } from '@/app/api/user/v1/proposals/[id]/cancel/route';
import { POST as pickup } from '@/app/api/user/v1/proposals/[id]/pickup/route';
import { POST as deliver } from '@/app/api/user/v1/proposals/[id]/deliver/route';
import { GET as inbox, POST as openConversation } from '@/app/api/user/v1/conversations/route';
import { GET as getConversation } from '@/app/api/user/v1/conversations/[id]/route';
import { POST as sendMessage } from '@/app/api/user/v1/conversations/[id]/messages/route';
import { POST as sendImage } from '@/app/api/user/v1/conversations/[id]/images/route';
import { POST as receipts } from '@/app/api/user/v1/conversations/[id]/receipts/route';
import { GET as messageImage } from '@/app/api/user/v1/messages/[id]/image/route';
import { GET as events } from '@/app/api/user/v1/events/route';
import { POST as confirmPhone } from '@/app/api/user/v1/users/[userId]/confirm-phone/route';
import { POST as validateCode } from '@/app/api/user/v1/users/[userId]/validate-code/route';

let sender: Member; // posts the parcel
let carrier: Member; // proposes to carry it
let rival: Member; // proposes too, on the same parcel
let stranger: Member; // comes late to a parcel, or takes part in nothing
const phones: Record<string, string> = {};

let phoneCount = 0;
/** A verified phone, through the real SMS code of the outbox. */
async function verifyPhone(m: Member) {
  const phone = `+2165${String((process.pid * 100 + ++phoneCount) % 1e7).padStart(7, '0')}`;
  assert.equal(
    (await call(confirmPhone, { params: { userId: m.userId }, body: { phone }, cookie: m.cookie })).status,
    200,
  );
  const code = Number(/\b(\d{6})\b/.exec(lastOutbox(phone)!.text)![1]);
  const ok = await call(validateCode, {
    params: { userId: m.userId },
    body: { confirmationPhoneCode: code },
    cookie: m.cookie,
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  phones[m.userId] = phone;
}

/** The parcel the deals are about: Sousse → Lyon, in euros. */
const newParcel = (owner: Member) =>
  newPackage(owner, {
    name: 'Cadeaux',
    from: { city: 'Sousse' },
    to: { city: 'Lyon' },
    startedAt: soon(4),
    endedAt: soon(8),
    weightKg: 5,
    pricePerKg: 12,
    currency: 'EUR',
  });

const proposeOn = (m: Member, listingId: string, amount: number, listingKind = 'package') =>
  call(propose, {
    cookie: m.cookie,
    body: { listingKind, listingId, amount, ...(listingKind === 'travel' ? { parcel: parcelOnTrip } : {}) },
  });

/** Every answer's JSON text: a phone number in it before the deal would be a leak. */
const texts: string[] = [];
const seen = <A extends { json: Json }>(answer: A) => {
  texts.push(JSON.stringify(answer.json));
  return answer;
};

before(async () => {
  await migrateDb();
  // One after another: each reads its confirmation link from the outbox.
  sender = await member('sender');
  carrier = await member('carrier');
  rival = await member('rival');
  stranger = await member('stranger');
  await verifyPhone(sender);
  await verifyPhone(carrier);
  await verifyPhone(rival);
  await verifyPhone(stranger);
});
after(async () => {
  await deleteListingsOf(sender.userId, carrier.userId, rival.userId, stranger.userId);
  await closeDb();
});

describe('proposals', () => {
  let parcel: string;
  let proposalId: string;
  let conversationId: string;

  test('a member proposes on a parcel: the proposal, and its conversation with a proposal_sent message', async () => {
    parcel = await newParcel(sender);
    const answer = seen(await proposeOn(carrier, parcel, 50));
    assert.equal(answer.status, 200, JSON.stringify(answer.json));
    const p = answer.json.data;
    proposalId = p.id;
    conversationId = p.conversationId;
    assert.deepEqual(
      [p.status, p.role, p.parcelRole, p.turn, p.amount, p.currency, p.actions],
      ['pending', 'proposer', 'carrier', 'owner', 50, 'EUR', ['edit', 'cancel']],
    );
    assert.equal(p.contact, null);
    assert.equal(p.handover, null);
    const seenByOwner = seen(await call(getProposal, { params: { id: p.id }, cookie: sender.cookie })).json.data;
    assert.deepEqual(seenByOwner.actions, ['accept', 'decline', 'counter']);
    const talk = seen(await call(getConversation, { params: { id: conversationId }, cookie: sender.cookie })).json.data;
    assert.deepEqual(
      talk.messages.map((m: { kind: string; amount: number | null; currency: string | null }) => [
        m.kind,
        m.amount,
        m.currency,
      ]),
      [['proposal_sent', 50, 'EUR']],
    );
    assert.match(lastOutbox(sender.email)!.subject!, /50/);
  });

  test('refused: a second proposal, one on one’s own listing, one on a closed listing; nothing written', async () => {
    const closed = await newParcel(sender);
    assert.equal(
      (await call(setPackageStatus, { params: { id: closed }, body: { status: 'expired' }, cookie: sender.cookie }))
        .status,
      200,
    );
    const before = await rowCounts();
    for (const [who, listing, code] of [
      [carrier, parcel, 'PROPOSAL_EXISTS'],
      [sender, parcel, 'PROPOSAL_SELF'],
      [carrier, closed, 'LISTING_CLOSED'],
      [carrier, 'nope', 'NOT_FOUND'],
    ] as const) {
      const answer = await proposeOn(who, listing, 40);
      assert.equal(answer.json.error?.code, code);
    }
    assert.deepEqual(await rowCounts(), before);
  });

  test('counter-proposal: the proposer’s turn; the owner may not accept their own counter', async () => {
    const countered = seen(
      await call(counter, { params: { id: proposalId }, body: { amount: 65 }, cookie: sender.cookie }),
    );
    assert.equal(countered.status, 200, JSON.stringify(countered.json));
    assert.deepEqual([countered.json.data.turn, countered.json.data.counterAmount], ['proposer', 65]);
    const refused = await call(accept, { params: { id: proposalId }, cookie: sender.cookie });
    assert.equal(refused.json.error?.code, 'PROPOSAL_NOT_ALLOWED');
    const notYours = await call(accept, { params: { id: proposalId }, cookie: stranger.cookie });
    assert.equal(notYours.json.error?.code, 'NOT_PARTICIPANT');
    const unknown = await call(accept, { params: { id: 'nope' }, cookie: sender.cookie });
    assert.equal(unknown.json.error?.code, 'PROPOSAL_NOT_FOUND');
  });

  test('the proposer changes the amount: the counter goes, the owner answers again', async () => {
    const edited = seen(
      await call(editProposal, { params: { id: proposalId }, body: { amount: 58 }, cookie: carrier.cookie }),
    );
    assert.deepEqual(
      [edited.json.data.amount, edited.json.data.counterAmount, edited.json.data.turn],
      [58, null, 'owner'],
    );
    const again = seen(
      await call(counter, { params: { id: proposalId }, body: { amount: 60 }, cookie: sender.cookie }),
    );
    assert.equal(again.json.data.counterAmount, 60);
  });

  test('a rival proposal on the same parcel is declined when the deal is made', async () => {
    const rivalAnswer = seen(await proposeOn(rival, parcel, 55));
    assert.equal(rivalAnswer.status, 200);
    const accepted = await call(accept, { params: { id: proposalId }, cookie: carrier.cookie });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.json));
    const deal = accepted.json.data;
    assert.deepEqual([deal.status, deal.agreedAmount, deal.actions], ['accepted', 60, ['cancel', 'pickup']]);
    const rivals = await call(getProposal, { params: { id: rivalAnswer.json.data.id }, cookie: rival.cookie });
    assert.equal(rivals.json.data.status, 'declined');
    const late = await proposeOn(stranger, parcel, 70);
    assert.equal(late.status, 200, 'the listing is still open to others');
    const blocked = await call(accept, { params: { id: late.json.data.id }, cookie: sender.cookie });
    assert.equal(blocked.json.error?.code, 'PROPOSAL_NOT_ALLOWED', 'one deal per parcel');
  });

  test('contact only after acceptance: each side then gets the other’s phone; never before, in any answer', async () => {
    const forCarrier = (await call(getProposal, { params: { id: proposalId }, cookie: carrier.cookie })).json.data;
    const forSender = (await call(getProposal, { params: { id: proposalId }, cookie: sender.cookie })).json.data;
    assert.deepEqual(forCarrier.contact, { phone: phones[sender.userId] });
    assert.deepEqual(forSender.contact, { phone: phones[carrier.userId] });
    for (const text of texts)
      for (const phone of Object.values(phones)) assert.ok(!text.includes(phone), text.slice(0, 300));
    const rivalView = (await call(listProposals, { cookie: rival.cookie, query: { role: 'sent' } })).json.data.items[0];
    assert.equal(rivalView.contact, null);
  });

  test('handover: only the sender sees the codes; wrong codes refused, then pickup and delivery move the deal and the parcel', async () => {
    const forSender = (await call(getProposal, { params: { id: proposalId }, cookie: sender.cookie })).json.data;
    assert.match(forSender.handover.pickupCode, /^\d{6}$/);
    const forCarrier = (await call(getProposal, { params: { id: proposalId }, cookie: carrier.cookie })).json.data;
    assert.equal(forCarrier.handover, null);
    const wrong = forSender.handover.pickupCode === '000000' ? '111111' : '000000';
    const before = await rowCounts();
    assert.equal(
      (await call(pickup, { params: { id: proposalId }, body: { code: wrong }, cookie: carrier.cookie })).json.error
        ?.code,
      'INVALID_HANDOVER_CODE',
    );
    assert.equal(
      (
        await call(pickup, {
          params: { id: proposalId },
          body: { code: forSender.handover.pickupCode },
          cookie: sender.cookie,
        })
      ).json.error?.code,
      'PROPOSAL_NOT_ALLOWED',
      'the sender does not type the codes',
    );
    assert.deepEqual(await rowCounts(), before);
    const picked = await call(pickup, {
      params: { id: proposalId },
      body: { code: forSender.handover.pickupCode.replace(/(\d{3})/, '$1 ') },
      cookie: carrier.cookie,
    });
    assert.equal(picked.json.data?.status, 'in_transit', JSON.stringify(picked.json));
    assert.equal((await getListing('package', parcel))!.status, 'in_transit');
    const done = await call(deliver, {
      params: { id: proposalId },
      body: { code: forSender.handover.deliveryCode },
      cookie: carrier.cookie,
    });
    assert.equal(done.json.data?.status, 'delivered');
    assert.equal((await getListing('package', parcel))!.status, 'finished');
    const talk = (await call(getConversation, { params: { id: conversationId }, cookie: carrier.cookie })).json.data;
    assert.deepEqual(
      talk.messages.map((m: { kind: string }) => m.kind),
      [
        'proposal_sent',
        'proposal_sent',
        'proposal_sent',
        'proposal_sent',
        'proposal_accepted',
        'deal_picked_up',
        'deal_delivered',
      ],
    );
  });

  test('wrong codes are limited: the sixth try in an hour is refused even when right', async () => {
    const other = await newParcel(sender);
    const p = (await proposeOn(carrier, other, 30)).json.data;
    await call(accept, { params: { id: p.id }, cookie: sender.cookie });
    const code = (await call(getProposal, { params: { id: p.id }, cookie: sender.cookie })).json.data.handover
      .pickupCode;
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(pickup, { params: { id: p.id }, body: { code: wrong }, cookie: carrier.cookie }),
      ),
    );
    assert.deepEqual([...new Set(tries.map((t) => t.json.error?.code))], ['INVALID_HANDOVER_CODE']);
    const sixth = await call(pickup, { params: { id: p.id }, body: { code }, cookie: carrier.cookie });
    assert.equal(sixth.status, 429);
    assert.equal(sixth.json.error?.code, 'TOO_MANY_ATTEMPTS');
    assert.ok(Number(sixth.response.headers.get('retry-after')) > 0);
  });

  test('declining, and cancelling a deal before the pickup', async () => {
    const trip = await newTravel(carrier, {
      from: { city: 'Tunis' },
      to: { city: 'Nice' },
      startedAt: soon(6),
      endedAt: soon(7),
      travelType: 'car',
    });
    const onTrip = (await proposeOn(sender, trip, 20, 'travel')).json.data;
    assert.deepEqual([onTrip.role, onTrip.parcelRole], ['proposer', 'sender']);
    const declined = await call(decline, { params: { id: onTrip.id }, cookie: carrier.cookie });
    assert.equal(declined.json.data.status, 'declined');
    assert.equal(
      (await call(cancel, { params: { id: onTrip.id }, cookie: sender.cookie })).json.error?.code,
      'PROPOSAL_NOT_ALLOWED',
    );
    const second = (await proposeOn(rival, trip, 25, 'travel')).json.data;
    await call(accept, { params: { id: second.id }, cookie: carrier.cookie });
    const cancelled = await call(cancel, { params: { id: second.id }, cookie: carrier.cookie });
    assert.deepEqual([cancelled.json.data.status, cancelled.json.data.contact], ['cancelled', null]);
  });
});

describe('conversations', () => {
  let listing: string;
  let talkId: string;

  test('writing to a listing’s owner opens the conversation with a greeting in the writer’s language', async () => {
    listing = await newParcel(sender);
    const opened = await call(openConversation, {
      cookie: carrier.cookie,
      locale: 'en',
      body: { listingKind: 'package', listingId: listing },
    });
    assert.equal(opened.status, 200, JSON.stringify(opened.json));
    talkId = opened.json.data.id;
    assert.match(opened.json.data.messages[0].body, /^Hello, I am interested in your parcel Sousse → Lyon/);
    assert.equal(opened.json.data.counterpart.id, sender.userId);
    const again = await call(openConversation, {
      cookie: carrier.cookie,
      body: { listingKind: 'package', listingId: listing, body: 'Encore moi' },
    });
    assert.equal(again.json.data.id, talkId, 'the same conversation continues');
    const self = await call(openConversation, {
      cookie: sender.cookie,
      body: { listingKind: 'package', listingId: listing },
    });
    assert.equal(self.json.error?.code, 'CONVERSATION_SELF');
  });

  test('unread counts, delivered and read receipts', async () => {
    const inboxBefore = (await call(inbox, { cookie: sender.cookie })).json.data.items.find(
      (c: { id: string }) => c.id === talkId,
    );
    assert.equal(inboxBefore.unread, 2);
    const last = inboxBefore.lastMessage;
    assert.equal(last.status, 'sent');
    const delivered = await call(receipts, {
      params: { id: talkId },
      body: { status: 'delivered', upTo: last.id },
      cookie: sender.cookie,
    });
    assert.equal(delivered.json.data.unread > 0, true);
    const read = await call(receipts, {
      params: { id: talkId },
      body: { status: 'read', upTo: last.id },
      cookie: sender.cookie,
    });
    const talk = (await call(getConversation, { params: { id: talkId }, cookie: carrier.cookie })).json.data;
    assert.deepEqual([...new Set(talk.messages.map((m: { status: string }) => m.status))], ['read']);
    assert.equal(talk.unread, 0);
    assert.ok(read.json.data.unread >= 0);
    const backwards = await call(receipts, {
      params: { id: talkId },
      body: { status: 'delivered', upTo: last.id },
      cookie: sender.cookie,
    });
    assert.equal(backwards.status, 200);
    const still = (await call(getConversation, { params: { id: talkId }, cookie: carrier.cookie })).json.data;
    assert.equal(still.messages.at(-1).status, 'read', 'statuses only go forward');
  });

  test('only the two participants read a conversation; messages need a body', async () => {
    assert.equal(
      (await call(getConversation, { params: { id: talkId }, cookie: stranger.cookie })).json.error?.code,
      'NOT_PARTICIPANT',
    );
    assert.equal(
      (await call(sendMessage, { params: { id: talkId }, body: { body: 'hi' }, cookie: stranger.cookie })).json.error
        ?.code,
      'NOT_PARTICIPANT',
    );
    const empty = await call(sendMessage, { params: { id: talkId }, body: { body: '   ' }, cookie: sender.cookie });
    assert.deepEqual([empty.status, empty.json.error?.fields?.body], [400, 'Écrivez votre message.']);
  });

  test('a photo: re-encoded without metadata, readable by the participants only, gone with the listing', async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3B5173' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('images', new File([new Uint8Array(photo)], 'p.jpg'));
    const sent = await call(sendImage, { params: { id: talkId }, form, cookie: sender.cookie });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    const { image, id } = sent.json.data;
    assert.deepEqual([image.width, image.height], [1600, 1067]);
    const bytes = await call(messageImage, { params: { id }, cookie: carrier.cookie });
    assert.equal(bytes.response.headers.get('content-type'), 'image/webp');
    const meta = await sharp(Buffer.from(await bytes.response.arrayBuffer())).metadata();
    assert.deepEqual([meta.format, meta.exif], ['webp', undefined]);
    assert.equal(
      (await call(messageImage, { params: { id }, cookie: stranger.cookie })).json.error?.code,
      'NOT_PARTICIPANT',
    );
    const two = new FormData();
    two.append('images', new File([new Uint8Array(photo)], 'a.jpg'));
    two.append('images', new File([new Uint8Array(photo)], 'b.jpg'));
    assert.equal(
      (await call(sendImage, { params: { id: talkId }, form: two, cookie: sender.cookie })).json.error?.code,
      'NO_FILE',
    );
    const files = (await rowCounts())['uploaded files']!;
    await deleteListingsOf(sender.userId);
    assert.ok((await rowCounts())['uploaded files']! < files, 'the photo went with the listing');
    assert.equal((await call(messageImage, { params: { id }, cookie: carrier.cookie })).status, 404);
  });
});

/** Reads Server-Sent Events from a stream until `done` says so. */
async function readEvents(response: Response, done: (events: StreamEvent[]) => boolean) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let buffer = '';
  const deadline = Date.now() + 10_000;
  while (!done(events)) {
    if (Date.now() > deadline) throw new Error(`events so far: ${JSON.stringify(events)}`);
    const { value, done: ended } = await reader.read();
    if (ended) break;
    const taken = takeEvents(buffer + decoder.decode(value, { stream: true }));
    buffer = taken.rest;
    events.push(...taken.events);
  }
  return events;
}

describe('the live stream', () => {
  test('a message reaches the other side’s open stream; a reconnection from Last-Event-ID gets what it missed, once', async () => {
    const listing = await newParcel(rival);
    const stream = new AbortController();
    const listening = await call(events, { cookie: rival.cookie, keepStream: true, signal: stream.signal });
    assert.equal(listening.response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(listening.response.headers.get('x-accel-buffering'), 'no');
    const heard = readEvents(listening.response, (e) => e.some((x) => x.event === 'proposal'));
    const proposal = (await proposeOn(stranger, listing, 44)).json.data;
    const got = await heard;
    stream.abort();
    const message = got.find((e) => e.event === 'message')!.data as {
      message: { kind: string; amount: number };
      unread: number;
    };
    const unread = (await call(inbox, { cookie: rival.cookie })).json.data.items.reduce(
      (sum: number, c: { unread: number }) => sum + c.unread,
      0,
    );
    assert.deepEqual([message.message.kind, message.message.amount, message.unread], ['proposal_sent', 44, unread]);
    assert.equal(
      (got.find((e) => e.event === 'proposal')!.data as { proposal: { id: string; role: string } }).proposal.role,
      'owner',
    );
    const lastSeen = got.at(-1)!.id;

    // Away: two more steps happen; back with Last-Event-ID, exactly those two come.
    await call(counter, { params: { id: proposal.id }, body: { amount: 50 }, cookie: rival.cookie });
    const back = new AbortController();
    const again = await call(events, {
      cookie: rival.cookie,
      keepStream: true,
      signal: back.signal,
      headers: { 'last-event-id': lastSeen },
    });
    const missed = await readEvents(again.response, (e) => e.length >= 2);
    back.abort();
    assert.deepEqual(
      missed.map((e) => e.event),
      ['message', 'proposal'],
    );
    assert.deepEqual(
      missed.map((e) => Number(e.id)),
      [Number(lastSeen) + 1, Number(lastSeen) + 2],
    );
  });

  test('a Last-Event-ID from nowhere gets a reset', async () => {
    const stream = new AbortController();
    const answer = await call(events, {
      cookie: stranger.cookie,
      keepStream: true,
      signal: stream.signal,
      headers: { 'last-event-id': '999999' },
    });
    const got = await readEvents(answer.response, (e) => e.length > 0);
    stream.abort();
    assert.equal(got[0]!.event, 'reset');
  });
});
