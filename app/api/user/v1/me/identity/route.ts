import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { myIdentity, submitIdentity } from '@/lib/server/moderation/identity';

// GET /api/user/v1/me/identity
export const GET = route(endpoints.identity.get, async ({ user }) => myIdentity(user.id));

// POST /api/user/v1/me/identity: multipart, one picture in `document` and one in `selfie`
export const POST = route(endpoints.identity.submit, async ({ user, form }) => submitIdentity(user.id, form));

export * from '@/lib/server/http/fallback';
