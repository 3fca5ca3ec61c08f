import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { myIdentity, prepareIdentity, submitIdentity } from '@/lib/server/moderation/identity';

// GET /api/user/v1/me/identity
export const GET = route(endpoints.identity.get, async ({ user }) => myIdentity(user.id));

// POST /api/user/v1/me/identity: multipart, one picture in `document` and one in `selfie`
// (refused before its body is read when the member is verified, has a check waiting, or is over the upload limit)
export const POST = route(endpoints.identity.submit, async ({ user, form }) => submitIdentity(user.id, form), {
  beforeBody: ({ user }) => prepareIdentity(user.id),
});

export * from '@/lib/server/http/fallback';
