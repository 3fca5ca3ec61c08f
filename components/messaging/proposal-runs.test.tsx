import { groupProposalRuns } from './proposal-runs';
import type { Message } from '@/lib/schemas/deals';

const message = (id: string, senderId: string, kind: Message['kind'], amount: number | null = null): Message => ({
  id,
  conversationId: 'c1',
  senderId,
  kind,
  body: kind === 'text' ? 'Bonjour' : '',
  image: null,
  proposalId: kind === 'text' ? null : 'p1',
  amount,
  currency: amount === null ? null : 'TND',
  status: 'read',
  createdAt: '2026-11-26T10:00:00.000Z',
});

it('shows a run of one person’s proposals as one line: the latest amount and how many times it changed', () => {
  const edits = Array.from({ length: 41 }, (_, i) => message(`e${i}`, 'selma', 'proposal_sent', 21 + (i % 2)));
  const items = groupProposalRuns([
    message('m1', 'karim', 'text'),
    ...edits,
    message('c1', 'karim', 'proposal_sent', 30),
    message('a1', 'selma', 'proposal_accepted', 30),
  ]);
  expect(items.map((i) => [i.key, i.message.id, i.changes])).toEqual([
    ['m1', 'm1', 0],
    ['e0', 'e40', 40],
    ['c1', 'c1', 0],
    ['a1', 'a1', 0],
  ]);
});

it('keeps proposals apart when a message or the other person comes between them', () => {
  const items = groupProposalRuns([
    message('p1', 'selma', 'proposal_sent', 20),
    message('t1', 'selma', 'text'),
    message('p2', 'selma', 'proposal_sent', 21),
    message('p3', 'karim', 'proposal_sent', 25),
  ]);
  expect(items.map((i) => i.changes)).toEqual([0, 0, 0, 0]);
});
