import { route } from '@/lib/server/http/route';
import { endpoints } from '@/lib/server/http/endpoints';
import { addPackageImages, preparePackageImages } from '@/lib/server/listings/images';

// POST /api/user/v1/packages/{id}/images: multipart `images` (lib/domain.ts imageLimits)
export const POST = route(
  endpoints.packageImages,
  async ({ params, user, form }) => {
    const files = form.getAll('images').filter((f): f is File => f instanceof File);
    return addPackageImages(params.id, user.id, files);
  },
  { beforeBody: ({ params, user }) => preparePackageImages(params.id, user.id) },
);

export * from '@/lib/server/http/fallback';
