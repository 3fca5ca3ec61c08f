import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { prepareAvatar, removeAvatar, setAvatar } from '@/lib/server/members/settings';

// POST /api/user/v1/me/avatar: multipart, one picture in `images`
export const POST = route(
  endpoints.me.avatar,
  async ({ user, form }) =>
    setAvatar(
      user.id,
      form.getAll('images').filter((f): f is File => f instanceof File),
    ),
  { beforeBody: ({ user }) => prepareAvatar(user.id) },
);

// DELETE /api/user/v1/me/avatar
export const DELETE = route(endpoints.me.removeAvatar, async ({ user }) => removeAvatar(user.id));

export * from '@/lib/server/http/fallback';
