import { apiRoute, requireUser } from '@/lib/server/api';
import { addPackageImages } from '@/lib/server/images';
import { AppError } from '@/lib/errors';

// POST /api/user/v1/packages/{id}/images: multipart `images` (up to 10 per listing, 5 MB each)
export const POST = apiRoute<{ id: string }>(async ({ request, params }) => {
  const user = await requireUser(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError('NO_FILE');
  }
  const files = form.getAll('images').filter((f): f is File => f instanceof File);
  return addPackageImages(params.id, user.id, files);
});

export * from '@/lib/server/api-fallback';
