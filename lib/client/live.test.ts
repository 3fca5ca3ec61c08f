import { follow, markRead, onLive, showConversation } from './live';
import { readUser, writeUser } from './session-mirror';

// The live client against a fake EventSource and fetch: the session first, one stream, the badge's
// mirror, delivered receipts for the other side's messages, read receipts once.

class FakeSource {
  static last: FakeSource | null = null;
  static readonly CLOSED = 2;
  readyState = 1;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, (event: MessageEvent) => void>();
  constructor(readonly url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, handler: (event: MessageEvent) => void) {
    this.handlers.set(type, handler);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, id: string, data: unknown) {
    this.handlers.get(type)?.({ data: JSON.stringify(data), lastEventId: id } as MessageEvent);
  }
}

const user = { id: 'me', firstname: 'Amira', verifiedPhone: true, unreadMessages: 3 };
const posts: { path: string; body: unknown }[] = [];
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => {
  Object.assign(globalThis, { EventSource: FakeSource });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace('/api/user/v1/', '');
    if (init?.method === 'POST') posts.push({ path, body: JSON.parse(String(init.body)) });
    const data = path === 'auth/session' ? { ...user, unreadMessages: 5 } : { unread: 1 };
    return { json: async () => ({ success: true, data }) } as Response;
  }) as typeof fetch;
});

const message = (id: string, senderId: string, conversationId = 'c1') => ({
  message: {
    id,
    conversationId,
    senderId,
    kind: 'text',
    body: 'Bonjour',
    image: null,
    proposalId: null,
    amount: null,
    currency: null,
    status: 'sent',
    createdAt: new Date().toISOString(),
  },
  unread: 6,
});

it('opens one stream after the session, keeps the badge, and tells the other side what arrived', async () => {
  writeUser(user);
  follow('me');
  follow('me');
  await flush();
  const stream = FakeSource.last!;
  expect(stream.url).toBe('/api/user/v1/events');
  expect(readUser()?.unreadMessages).toBe(5);

  const heard: string[] = [];
  const stop = onLive((event) => heard.push(event.type));
  stream.emit('message', '7', message('m1', 'other'));
  expect(readUser()?.unreadMessages).toBe(6);
  expect(posts).toEqual([{ path: 'conversations/c1/receipts', body: { status: 'delivered', upTo: 'm1' } }]);

  // The member's own message (from another tab) and one in the conversation on screen: no delivered.
  showConversation('c2');
  stream.emit('message', '8', message('m2', 'me'));
  stream.emit('message', '9', message('m3', 'other', 'c2'));
  expect(posts).toHaveLength(1);
  expect(heard).toEqual(['message', 'message', 'message']);

  // Read once per message, with the count the API answers.
  expect(await markRead('c2', 'm3')).toBe(true);
  expect(await markRead('c2', 'm3')).toBe(false);
  expect(posts.at(-1)).toEqual({ path: 'conversations/c2/receipts', body: { status: 'read', upTo: 'm3' } });
  expect(readUser()?.unreadMessages).toBe(1);
  stop();
  showConversation(null);

  // Signed out: the stream closes.
  follow(undefined);
  expect(stream.closed).toBe(true);

  // The tab's next page (or sign-in) resumes after the last event it heard.
  follow('me');
  await flush();
  expect(FakeSource.last!.url).toBe('/api/user/v1/events?lastEventId=9');
  follow(undefined);
});

it('opens no stream when the saved user has no session, and forgets that user', async () => {
  FakeSource.last = null;
  const real = globalThis.fetch;
  globalThis.fetch = jest.fn(async () => ({ json: async () => ({ success: true, data: null }) }) as Response);
  writeUser({ ...user, id: 'stale' });
  follow('stale');
  await flush();
  expect(FakeSource.last).toBeNull();
  expect(readUser()).toBeNull();

  // A session check that fails (offline, the page left) forgets no one.
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  writeUser(user);
  follow('me');
  await flush();
  expect(readUser()).toEqual(user);
  follow(undefined);
  globalThis.fetch = real;
});

it('reopens the stream from its last event when the instance drains', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
  try {
    writeUser(user);
    follow('me');
    await jest.advanceTimersByTimeAsync(0);
    const first = FakeSource.last!;
    first.emit('message', '12', message('m4', 'other'));
    first.emit('reconnect', '', { retryMs: 400 });
    expect(first.closed).toBe(true);
    await jest.advanceTimersByTimeAsync(399);
    expect(FakeSource.last).toBe(first);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeSource.last).not.toBe(first);
    expect(FakeSource.last!.url).toBe('/api/user/v1/events?lastEventId=12');
    follow(undefined);
  } finally {
    jest.useRealTimers();
  }
});
