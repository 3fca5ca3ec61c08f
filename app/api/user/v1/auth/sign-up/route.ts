import { apiRoute, parseBody } from '@/lib/server/api';
import { signUpSchema } from '@/lib/schemas/auth';
import { signUp } from '@/lib/server/users';

// POST /api/user/v1/auth/sign-up: create an account; a confirmation e-mail is sent
export const POST = apiRoute(async ({ request, locale }) => signUp(await parseBody(request, signUpSchema), locale));

export * from '@/lib/server/api-fallback';
