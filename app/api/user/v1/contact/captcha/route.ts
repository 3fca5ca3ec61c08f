import { route } from '@/lib/server/api';
import { newChallenge } from '@/lib/server/captcha';
import { endpoints } from '@/lib/server/endpoints';

// GET /api/user/v1/contact/captcha: a signed ALTCHA challenge, read by the contact form's widget
export const GET = route(endpoints.captcha, async () => newChallenge());

export * from '@/lib/server/api-fallback';
