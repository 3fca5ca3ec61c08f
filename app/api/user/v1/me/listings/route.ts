import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { myListings } from '@/lib/server/members/dashboard';

// GET /api/user/v1/me/listings?kind=package|travel: the member's listings in every state
export const GET = route(endpoints.me.listings, async ({ user, query }) => myListings(user.id, query.kind));

export * from '@/lib/server/http/fallback';
