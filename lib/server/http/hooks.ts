import 'server-only';
import { AppError } from '@/lib/errors';
import { siteUrl } from '@/lib/env';
import { requestLimits } from '@/lib/domain';
import { receiveSesNotification, receiveStatusCallback } from '@/lib/server/notify';
import { apiRoute } from './route';
import { readLimited } from './request-guards';
import { noteRequest } from '../log.mjs';

// The providers' callbacks (CONTRACT.md "HTTP API"), outside the versioned API: not in the OpenAPI
// document, no session, no same-site check (the provider calls from its own servers); each believes
// only the provider's signature, and a refused one changes nothing.

/** The largest SNS message (256 KB of message and its envelope). */
const snsBytes = 300 * 1024;

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** POST /api/hooks/twilio/status: a message's status, signed by Twilio (X-Twilio-Signature) for this site's URL of the hook. */
export const twilioStatusHook = apiRoute(async ({ request }) => {
  noteRequest(request.headers.get('x-request-id'), { route: '/api/hooks/twilio/status' });
  const params = new URLSearchParams(decode(await readLimited(request, requestLimits.jsonBytes)));
  const { pathname, search } = new URL(request.url);
  // Twilio signs the address it was given (SITE_URL's), whatever address reached this instance.
  const outcome = await receiveStatusCallback(
    `${siteUrl}${pathname}${search}`,
    params,
    request.headers.get('x-twilio-signature'),
  );
  if (outcome === 'forged') throw new AppError('FORBIDDEN');
  return new Response(null, { status: 204 });
});

/** POST /api/hooks/ses: an SNS message about SES (bounces, complaints) or the topic's subscription. */
export const sesHook = apiRoute(async ({ request }) => {
  noteRequest(request.headers.get('x-request-id'), { route: '/api/hooks/ses' });
  const outcome = await receiveSesNotification(decode(await readLimited(request, snsBytes)));
  if (outcome === 'off') throw new AppError('ROUTE_NOT_FOUND');
  if (outcome === 'forged' || outcome === 'other-topic') throw new AppError('FORBIDDEN');
  return new Response(null, { status: 204 });
});
