import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { subscribePush, unsubscribePush } from '@/lib/server/notify';

// POST /api/user/v1/push/subscriptions: { endpoint, keys: { p256dh, auth } } of this browser
export const POST = route(endpoints.push.subscribe, ({ user, body }) => subscribePush(user.id, body));

// DELETE /api/user/v1/push/subscriptions: { endpoint } this browser stops receiving at
export const DELETE = route(endpoints.push.unsubscribe, ({ user, body }) => unsubscribePush(user.id, body.endpoint));

export * from '@/lib/server/http/fallback';
