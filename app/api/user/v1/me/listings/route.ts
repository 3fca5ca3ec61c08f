import { route } from '@/lib/server/api';
import { endpoints } from '@/lib/server/endpoints';
import { myListings } from '@/lib/server/dashboard';

// GET /api/user/v1/me/listings?kind=package|travel: the member's listings in every state
export const GET = route(endpoints.me.listings, async ({ user, query }) => myListings(user.id, query.kind));

export * from '@/lib/server/api-fallback';
