import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { vapidKeys } from '@/lib/server/notify';

// GET /api/user/v1/push/key: the VAPID public key browsers subscribe with
export const GET = route(endpoints.push.key, async () => ({ publicKey: (await vapidKeys()).publicKey }));

export * from '@/lib/server/http/fallback';
