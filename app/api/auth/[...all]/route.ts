import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/server/http/route';
import { getAuth, socialAuthPath } from '@/lib/server/auth/auth';
import { requestLocale } from '@/lib/server/translate';

// better-auth's own HTTP endpoints, of which only social sign-in and its providers' callbacks are
// open: every other account action goes through the product's API (/api/user/v1), where its rules
// and limits are (lib/server/members/accounts.ts).
async function handle(request: Request) {
  if (!socialAuthPath(request)) return errorResponse(new AppError('NOT_FOUND'), requestLocale(request.headers));
  return (await getAuth()).handler(request);
}

export { handle as GET, handle as POST };
