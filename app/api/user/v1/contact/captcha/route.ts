import { route } from '@/lib/server/http/route';
import { newChallenge } from '@/lib/server/public/captcha';
import { endpoints } from '@/lib/server/http/endpoints';

// GET /api/user/v1/contact/captcha: a signed ALTCHA challenge, read by the contact form's widget
export const GET = route(endpoints.captcha, async () => newChallenge());

export * from '@/lib/server/http/fallback';
