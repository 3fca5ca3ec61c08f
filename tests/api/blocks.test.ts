// Blocks between members, and the verified phone a deal needs, through the API.
//   DATA_DIR=$(mktemp -d) node --conditions=react-server --import tsx --test tests/api/blocks.test.ts
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, member, parcelOnTrip } from './helpers';
import { jpeg, made, memberTests, newPackage, newTravel, someone } from './member-fixtures';
import { isBlockedBetween } from '@/lib/server/members/blocks';
import { PUT as block, DELETE as unblock } from '@/app/api/user/v1/users/[userId]/block/route';
import { GET as blockedList } from '@/app/api/user/v1/me/blocks/route';
import { GET as profile } from '@/app/api/user/v1/users/[userId]/profile/route';
import { POST as propose } from '@/app/api/user/v1/proposals/route';
import { GET as getProposal, PUT as editProposal } from '@/app/api/user/v1/proposals/[id]/route';
import { POST as accept } from '@/app/api/user/v1/proposals/[id]/accept/route';
import { POST as cancel } from '@/app/api/user/v1/proposals/[id]/cancel/route';
import { POST as counter } from '@/app/api/user/v1/proposals/[id]/counter/route';
import { GET as conversation } from '@/app/api/user/v1/conversations/[id]/route';
import { POST as openConversation, GET as inbox } from '@/app/api/user/v1/conversations/route';
import { POST as send } from '@/app/api/user/v1/conversations/[id]/messages/route';
import { POST as sendImage } from '@/app/api/user/v1/conversations/[id]/images/route';

memberTests();

const photo = async () => {
  const form = new FormData();
  form.append('images', new File([new Uint8Array(await jpeg())], 'p.jpg', { type: 'image/jpeg' }));
  return form;
};

describe('blocks', () => {
  test('a block stops new conversations, proposals, messages and steps both ways; unblocking lets them again', async () => {
    const owner = await someone('blocker');
    const pest = await someone('pest');
    const parcel = await newPackage(owner);
    const trip = await newTravel(pest);
    const first = await call(propose, {
      cookie: pest.cookie,
      body: { listingKind: 'package', listingId: parcel, amount: 40 },
    });
    assert.equal(first.status, 200, JSON.stringify(first.json));
    const { id: proposalId, conversationId } = first.json.data;

    const blocked = await call(block, { params: { userId: pest.userId }, cookie: owner.cookie });
    assert.deepEqual(blocked.json.data, { blocked: true });
    assert.equal(await isBlockedBetween(owner.userId, pest.userId), true);
    assert.equal(await isBlockedBetween(pest.userId, owner.userId), true);

    // Both directions, every way of speaking anew.
    const refused = [
      await call(send, { params: { id: conversationId }, body: { body: 'Allô ?' }, cookie: pest.cookie }),
      await call(send, { params: { id: conversationId }, body: { body: 'Non.' }, cookie: owner.cookie }),
      await call(sendImage, { params: { id: conversationId }, form: await photo(), cookie: pest.cookie }),
      await call(openConversation, {
        cookie: owner.cookie,
        body: { listingKind: 'travel', listingId: trip, body: 'Bonjour' },
      }),
      await call(propose, {
        cookie: owner.cookie,
        body: { listingKind: 'travel', listingId: trip, amount: 30, parcel: parcelOnTrip },
      }),
      await call(editProposal, { params: { id: proposalId }, body: { amount: 45 }, cookie: pest.cookie }),
      await call(counter, { params: { id: proposalId }, body: { amount: 60 }, cookie: owner.cookie }),
      await call(accept, { params: { id: proposalId }, body: {}, cookie: owner.cookie }),
    ];
    for (const answer of refused) {
      assert.equal(answer.status, 403, JSON.stringify(answer.json));
      assert.equal(answer.json.error!.code, 'MEMBER_BLOCKED');
      assert.equal(answer.json.error!.message, 'Vous ne pouvez plus échanger avec ce membre.');
    }
    // A second proposal on another parcel of the blocker: refused too.
    const other = await newPackage(owner);
    const again = await call(propose, {
      cookie: pest.cookie,
      body: { listingKind: 'package', listingId: other, amount: 9 },
    });
    assert.equal(again.json.error!.code, 'MEMBER_BLOCKED');

    // Closed on the blocker's side only; the list in parametres; the profile says so.
    assert.equal(
      (await call(conversation, { params: { id: conversationId }, cookie: owner.cookie })).json.data.blocked,
      true,
    );
    assert.equal(
      (await call(conversation, { params: { id: conversationId }, cookie: pest.cookie })).json.data.blocked,
      false,
    );
    const mine = (await call(inbox, { cookie: owner.cookie })).json.data.items.find(
      (c: { id: string }) => c.id === conversationId,
    );
    assert.equal(mine.blocked, true);
    const list = (await call(blockedList, { cookie: owner.cookie })).json.data.items;
    assert.deepEqual(
      list.map((m: { userId: string; lastname: string }) => [m.userId, m.lastname]),
      [[pest.userId, 'H.']],
    );
    assert.equal(
      (await call(profile, { params: { userId: pest.userId }, cookie: owner.cookie })).json.data.viewer.blocked,
      true,
    );
    assert.equal(
      (await call(profile, { params: { userId: owner.userId }, cookie: pest.cookie })).json.data.viewer.blocked,
      false,
    );

    // The screens draw no button for what would be refused: leaving stays.
    const seen = async (cookie: string) =>
      (await call(getProposal, { params: { id: proposalId }, cookie })).json.data.actions as string[];
    assert.deepEqual(await seen(owner.cookie), ['decline']);
    assert.deepEqual(await seen(pest.cookie), ['cancel']);

    // Leaving a deal stays possible.
    assert.equal((await call(cancel, { params: { id: proposalId }, body: {}, cookie: pest.cookie })).status, 200);

    const lifted = await call(unblock, { params: { userId: pest.userId }, cookie: owner.cookie });
    assert.deepEqual(lifted.json.data, { blocked: false });
    assert.equal(await isBlockedBetween(owner.userId, pest.userId), false);
    assert.equal((await call(blockedList, { cookie: owner.cookie })).json.data.items.length, 0);
    const spoken = await call(send, {
      params: { id: conversationId },
      body: { body: 'Reprenons.' },
      cookie: pest.cookie,
    });
    assert.equal(spoken.status, 200, JSON.stringify(spoken.json));
  });

  test('not oneself, not a stranger to the database', async () => {
    const a = await someone('lonely');
    assert.equal(
      (await call(block, { params: { userId: a.userId }, cookie: a.cookie })).json.error!.code,
      'CANNOT_TARGET_SELF',
    );
    const ghost = await call(block, { params: { userId: 'ghost' }, cookie: a.cookie });
    assert.equal(ghost.status, 404);
    assert.equal(ghost.json.error!.code, 'USER_NOT_FOUND');
    assert.equal((await call(block, { params: { userId: a.userId } })).status, 401);
  });
});

describe('a verified phone before a deal', () => {
  test('proposing and accepting need one; the error says so', async () => {
    const owner = await someone('phoned');
    const parcel = await newPackage(owner);
    const bare = await member('phoneless');
    const refused = await call(propose, {
      cookie: bare.cookie,
      body: { listingKind: 'package', listingId: parcel, amount: 40 },
      locale: 'en',
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error!.code, 'PHONE_NOT_VERIFIED');
    assert.match(refused.json.error!.message, /Verify your phone number/);

    // An owner without a verified phone cannot accept.
    const bareOwner = await member('phoneless-owner');
    made.push(bareOwner); // its listing goes at the end
    const theirs = await newPackage(bareOwner);
    const proposer = await someone('proposer');
    const proposed = await call(propose, {
      cookie: proposer.cookie,
      body: { listingKind: 'package', listingId: theirs, amount: 33 },
    });
    assert.equal(proposed.status, 200, JSON.stringify(proposed.json));
    const accepting = await call(accept, { params: { id: proposed.json.data.id }, body: {}, cookie: bareOwner.cookie });
    assert.equal(accepting.json.error!.code, 'PHONE_NOT_VERIFIED');
  });
});
