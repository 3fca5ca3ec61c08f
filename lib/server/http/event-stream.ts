import 'server-only';
import { keepAliveSeconds, liveHub, type Subscriber } from '@/lib/server/events/hub';
import { startingPoint } from '@/lib/server/events/live';
import { AppError } from '@/lib/errors';
import { isDraining } from '@/lib/server/lifecycle.mjs';
import { touchPresence } from '@/lib/server/deals/unread-mail';

/** When this process last noted each member's presence (its streams share one write per half keep-alive). */
const lastTouch = new Map<string, number>();

// A member's live events as Server-Sent Events (DESIGN.md: `X-Accel-Buffering: no`, a keep-alive
// comment well under proxies' idle timeouts, `retry` for the browser's reconnection). When the
// instance drains, each stream gets a `reconnect` event (lib/client/live.ts reopens it at once, through
// the load balancer, so on another instance) and a short `retry`, spread so that tabs do not all
// come back in the same instant.

/** The event that tells a tab to reconnect elsewhere (lib/client/live.ts listens for it). */
export const reconnectEvent = 'reconnect';

const encoder = new TextEncoder();

/**
 * GET /events: a member's Server-Sent Events, from their Last-Event-ID, until the tab leaves or the
 * session it was opened with ends (the hub looks every few seconds).
 */
export async function liveStream(
  { id: userId, sessionId }: { id: string; sessionId: string },
  request: Request,
): Promise<Response> {
  const hub = liveHub();
  if (isDraining()) throw new AppError('SERVICE_UNAVAILABLE', undefined, 1);
  hub.assertRoom(userId);
  await hub.start();
  const lastEventId = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
  const { last, reset } = await startingPoint(userId, lastEventId);
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const subscriber: Subscriber = {
        userId,
        sessionId,
        last,
        send: (seq, event) => write(`id: ${seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`),
        end: () => {
          const retryMs = 250 + Math.floor(Math.random() * 1750);
          write(`retry: ${retryMs}\nevent: ${reconnectEvent}\ndata: ${JSON.stringify({ retryMs })}\n\n`);
          close();
        },
        revoke: () => close(),
      };
      hub.add(subscriber);
      // Every instance can tell that the member had a stream open (no unread-messages e-mail then): at
      // the start, at the end, and once a keep-alive period for a member's tabs together (a member with
      // five tabs writes once, not five times; 1,000 streams were 50 writes a second).
      const present = (always = false) => {
        const now = Date.now();
        if (!always && now - (lastTouch.get(userId) ?? 0) < (keepAliveSeconds * 1000) / 2) return;
        lastTouch.set(userId, now);
        void touchPresence(userId).catch(() => {});
      };
      present(true);
      const keepAlive = setInterval(() => {
        write(': keep-alive\n\n');
        present();
      }, keepAliveSeconds * 1000);
      let closed = false;
      close = () => {
        if (!closed) {
          present(true);
          lastTouch.delete(userId);
        }
        closed = true;
        clearInterval(keepAlive);
        hub.remove(subscriber);
        try {
          controller.close();
        } catch {}
      };
      request.signal.addEventListener('abort', close);
      write(`retry: 3000\n${reset ? `id: ${last}\nevent: reset\ndata: {}\n` : ''}\n`);
      void hub.read(subscriber);
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    },
  });
}
