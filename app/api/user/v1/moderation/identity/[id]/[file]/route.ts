import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { fileResponse } from '@/lib/server/http/files';
import { identityFile } from '@/lib/server/moderation/identity';

// GET /api/user/v1/moderation/identity/{id}/{file}: a picture of an identity check, staff only, never cached
export const GET = route(endpoints.moderation.identityFile, async ({ params }) =>
  fileResponse(await identityFile(params.id, params.file), 'private, no-store'),
);

export * from '@/lib/server/http/fallback';
