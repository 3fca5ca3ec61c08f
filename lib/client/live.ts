// The live stream of a signed-in tab (DESIGN.md "live messages"): one EventSource on the API's
// /events, opened by the header's session island (components/layout/session-links.tsx loads this
// module with a dynamic import once the mirror names a user, so guests and the first HTML pay
// nothing). It keeps the unread badge's mirror current, tells the other side that their messages
// reached this client, and hands every event to the screens that listen (onLive). Types only from
// the schemas: no zod in this chunk.

import type { LiveEvent, LiveEventType, Message } from '@/lib/schemas/deals';
import type { MirrorUser } from '@/lib/schemas/users';
import { readUser, writeUser } from './session-mirror';

type Listener = (event: LiveEvent) => void;

const eventTypes: readonly LiveEventType[] = ['message', 'receipt', 'proposal', 'unread', 'reset'];
const base = '/api/user/v1/';
/** After the stream failed for good (a refused reconnection, not a dropped connection), try again. */
const retryMs = 5000;

/** The tab's last event, kept across its page loads (sessionStorage), so that none is missed between two. */
const resumeKey = 'colibri:live';

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let me: string | null = null;
let lastEventId: string | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
/** Each start or stop begins a generation: late answers of an older one are dropped. */
let generation = 0;
/** The conversation this tab shows: the other side's messages there are read, not just delivered. */
let shown: string | null = null;
/** The last `read` receipt posted per conversation, so that one message is not marked twice. */
const readPosted = new Map<string, string>();

/** The API's data (null when it answers none), or undefined when the call failed (offline, a page left). */
async function api<T>(path: string, body?: unknown): Promise<T | null | undefined> {
  try {
    const response = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
    });
    const result = (await response.json()) as { success: boolean; data?: T };
    return result.success ? ((result.data ?? null) as T | null) : undefined;
  } catch {
    return undefined;
  }
}

function setUnread(unread: number) {
  const user = readUser();
  if (user && user.unreadMessages !== unread) writeUser({ ...user, unreadMessages: unread });
}

const visible = () => document.visibilityState === 'visible';

/** A message of the other side reached this tab: delivered, unless the screen shows it (then read). */
function received(message: Message) {
  if (message.senderId === me || message.status !== 'sent') return;
  if (shown === message.conversationId && visible()) return;
  void api(`conversations/${encodeURIComponent(message.conversationId)}/receipts`, {
    status: 'delivered',
    upTo: message.id,
  });
}

function dispatch(event: LiveEvent) {
  if (event.type === 'message' || event.type === 'unread') setUnread(event.payload.unread);
  if (event.type === 'message') received(event.payload.message);
  if (event.type === 'reset') readPosted.clear();
  for (const listener of listeners) listener(event);
}

function resumeFrom(userId: string): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(resumeKey) ?? 'null') as { user?: string; id?: string } | null;
    return saved?.user === userId && typeof saved.id === 'string' ? saved.id : null;
  } catch {
    return null;
  }
}

async function connect(run: number) {
  // The session first: a stale mirror (an expired cookie) opens no stream, and the badge starts
  // from the server's count (messages may have come while no tab was open).
  const user = await api<MirrorUser | null>('auth/session');
  if (run !== generation) return;
  if (!user || user.id !== me) {
    // The session ended elsewhere (signed out in another tab, password changed, suspended): the
    // header shows the visitor's links again.
    if (user === null && me) writeUser(null);
    me = null;
    return;
  }
  const saved = readUser();
  if (!saved || saved.unreadMessages !== user.unreadMessages || saved.firstname !== user.firstname) writeUser(user);
  // EventSource sends Last-Event-ID itself when it reconnects; a new one (after a refusal, or on the
  // tab's next page) names it in the query.
  lastEventId ??= resumeFrom(user.id);
  const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
  const stream = new EventSource(`${base}events${query}`);
  source = stream;
  for (const type of eventTypes)
    stream.addEventListener(type, (e) => {
      const message = e as MessageEvent<string>;
      if (message.lastEventId) {
        lastEventId = message.lastEventId;
        try {
          sessionStorage.setItem(resumeKey, JSON.stringify({ user: me, id: lastEventId }));
        } catch {}
      }
      try {
        dispatch({ type, payload: JSON.parse(message.data) } as LiveEvent);
      } catch (error) {
        console.error('[live] bad event', error);
      }
    });
  // The instance drains (SIGTERM): reopen now, through the load balancer, so on another instance,
  // after the server's spread delay, from the last event (lib/server/http/event-stream.ts).
  stream.addEventListener('reconnect', (e) => {
    if (run !== generation) return;
    stream.close();
    source = null;
    let delay = 1000;
    try {
      delay = Number((JSON.parse((e as MessageEvent<string>).data) as { retryMs?: number }).retryMs) || delay;
    } catch {}
    retry = setTimeout(() => void connect(run), delay);
  });
  stream.onerror = () => {
    if (stream.readyState !== EventSource.CLOSED || run !== generation) return;
    source = null;
    retry = setTimeout(() => void connect(run), retryMs);
  };
}

/** The stream of the signed-in user (once per tab; another user restarts it), none without one. */
export function follow(userId: string | undefined): void {
  if (me === (userId ?? null)) return;
  stopLive();
  if (!userId) return;
  me = userId;
  void connect(generation);
}

function stopLive(): void {
  generation += 1;
  clearTimeout(retry);
  source?.close();
  source = null;
  me = null;
  lastEventId = null;
  readPosted.clear();
}

/** Every event of the stream, until the returned function is called. */
export function onLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The conversation on screen (null when none): the other side's new messages there get `read`. */
export function showConversation(conversationId: string | null): void {
  shown = conversationId;
}

/** Messages of the other side that came while no tab was open reached this client (the inbox). */
export async function markDelivered(conversationId: string, upTo: string): Promise<boolean> {
  return (
    (await api(`conversations/${encodeURIComponent(conversationId)}/receipts`, { status: 'delivered', upTo })) != null
  );
}

/** Whether a conversation is on screen in a visible tab (its new messages are being read). */
export function isReading(conversationId: string): boolean {
  return shown === conversationId && visible();
}

/**
 * The other side's messages up to one were on screen, the tab visible: a `read` receipt, once per
 * message. Resolves true when it was posted (the badge then takes the new count).
 */
export async function markRead(conversationId: string, upTo: string): Promise<boolean> {
  if (!visible() || readPosted.get(conversationId) === upTo) return false;
  readPosted.set(conversationId, upTo);
  const answer = await api<{ unread: number }>(`conversations/${encodeURIComponent(conversationId)}/receipts`, {
    status: 'read',
    upTo,
  });
  if (!answer) {
    readPosted.delete(conversationId);
    return false;
  }
  setUnread(answer.unread);
  return true;
}
