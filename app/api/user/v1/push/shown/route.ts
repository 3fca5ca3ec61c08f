import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { pushWasShown } from '@/lib/server/deals/unread-mail';

// POST /api/user/v1/push/shown: { tag } of a notification the service worker showed
export const POST = route(endpoints.push.shown, ({ user, body }) => pushWasShown(user.id, body.tag));

export * from '@/lib/server/http/fallback';
