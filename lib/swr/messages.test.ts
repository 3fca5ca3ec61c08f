/** @jest-environment node */
import type { Message } from '@/lib/schemas/deals';
import { applyReceipt, mergeMessages, mergeConversation } from './messages';

const message = (id: string, minute: number, extra: Partial<Message> = {}): Message => ({
  id,
  conversationId: 'c1',
  senderId: 'me',
  kind: 'text',
  body: id,
  image: null,
  proposalId: null,
  amount: null,
  currency: null,
  status: 'sent',
  createdAt: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
  ...extra,
});

describe('mergeMessages', () => {
  it('keeps each message once, oldest first, with the further status of its copies', () => {
    const merged = mergeMessages(
      [message('b', 2, { status: 'read' }), message('a', 1)],
      [message('b', 2, { status: 'delivered' }), message('c', 3)],
    );
    expect(merged.map((m) => [m.id, m.status])).toEqual([
      ['a', 'sent'],
      ['b', 'read'],
      ['c', 'sent'],
    ]);
  });

  it('orders messages of the same instant by id', () => {
    expect(mergeMessages([message('y', 1)], [message('x', 1)]).map((m) => m.id)).toEqual(['x', 'y']);
  });
});

describe('applyReceipt', () => {
  const list = [message('a', 1), message('b', 2, { senderId: 'other' }), message('c', 3), message('d', 4)];

  it('moves the statuses of one side up to a message, never back', () => {
    const read = applyReceipt(list, (s) => s === 'me', 'read', 'c')!;
    expect(read.map((m) => m.status)).toEqual(['read', 'sent', 'read', 'sent']);
    const late = applyReceipt(read, (s) => s === 'me', 'delivered', 'd')!;
    expect(late.map((m) => m.status)).toEqual(['read', 'sent', 'read', 'delivered']);
  });

  it('answers null for a message it does not hold (the caller loads the conversation again)', () => {
    expect(applyReceipt(list, () => true, 'read', 'unknown')).toBeNull();
  });
});

describe('mergeConversation', () => {
  const page = (messages: Message[], olderCursor: string | null) => ({ id: 'c1', messages, olderCursor });

  it('keeps the older pages the screen loaded, and their cursor, under a fresh first page', () => {
    const held = page([message('a', 1), message('b', 2), message('c', 3)], 'z');
    const fresh = page([message('c', 3, { status: 'read' }), message('d', 4)], 'c');
    const merged = mergeConversation(held, fresh);
    expect(merged.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(merged.messages[2]!.status).toBe('read');
    expect(merged.olderCursor).toBe('z');
  });

  it('takes the fresh page as it is when nothing older was held', () => {
    const fresh = page([message('c', 3)], 'c');
    expect(mergeConversation(undefined, fresh)).toBe(fresh);
    expect(mergeConversation(page([message('c', 3)], null), fresh).olderCursor).toBe('c');
  });
});
