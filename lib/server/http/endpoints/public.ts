import 'server-only';
import type { z } from '@/lib/zod';
import { acknowledgementSchema } from '@/lib/schemas/api';
import { captchaChallengeSchema, contactSchema } from '@/lib/schemas/contact';
import {
  newsletterConfirmSchema,
  newsletterSchema,
  newsletterTokenQuerySchema,
  newsletterUnsubscribeSchema,
} from '@/lib/schemas/newsletter';
import { priceEstimateQuerySchema, priceEstimateSchema } from '@/lib/schemas/simulator';
import { nearbyAnswerSchema, nearbyQuerySchema } from '@/lib/schemas/nearby';
import { placesQuerySchema, placeSuggestionsSchema } from '@/lib/schemas/places';
import { routePricesQuerySchema, routePricesSchema } from '@/lib/schemas/routes';
import { endpoint } from './declare';

// For every visitor: the map's offers, places, the price simulator, the contact form, the newsletter.

/** Names of the request bodies in the OpenAPI document's components. */
export const publicRequestSchemas: [z.ZodType, string][] = [
  [newsletterSchema, 'NewsletterInput'],
  [newsletterConfirmSchema, 'NewsletterConfirmInput'],
  [newsletterUnsubscribeSchema, 'NewsletterUnsubscribeInput'],
  [contactSchema, 'ContactInput'],
];

export const publicEndpoints = {
  nearby: endpoint({
    method: 'GET',
    path: '/nearby',
    tag: 'Nearby',
    summary: 'Open parcels and trips leaving from around a point, nearest first (the map of autour-de-moi)',
    description:
      'From a GiST index on the departure coordinates: the nearest `limit` open listings, of those within `radius` km of (`lat`, `lng`).',
    query: nearbyQuerySchema,
    data: nearbyAnswerSchema,
    errors: [],
  }),
  places: endpoint({
    method: 'GET',
    path: '/places',
    tag: 'Places',
    summary: 'Address autocomplete from the offline gazetteer (8 places at most)',
    query: placesQuerySchema,
    data: placeSuggestionsSchema,
    errors: [],
  }),
  routePrices: endpoint({
    method: 'GET',
    path: '/route-prices',
    tag: 'Places',
    summary: 'The prices per kilo asked on a route: median and range per currency, as its page shows them',
    description:
      'From the listings of both kinds between the two cities (gazetteer ids) whose departure falls within the last `windowDays` days or later.',
    query: routePricesQuerySchema,
    data: routePricesSchema,
    errors: ['VALIDATION_FAILED'],
  }),
  priceEstimate: endpoint({
    method: 'GET',
    path: '/price-estimate',
    tag: 'Simulator',
    summary: 'Estimate the price of sending a parcel: a range, from real prices on the route',
    description:
      'From the cities (the gazetteer gives the distance) or a distance alone. The middle half of the prices per kg of the route’s listings of the last 90 days and of the deals accepted on them, when there are at least 5; else the default table by distance. Converted at the dated reference rates.',
    query: priceEstimateQuerySchema,
    data: priceEstimateSchema,
    errors: ['VALIDATION_FAILED'],
  }),
  captcha: endpoint({
    method: 'GET',
    path: '/contact/captcha',
    tag: 'Contact',
    summary: 'A new ALTCHA challenge for the contact form (proof of work, self-hosted)',
    description: 'The challenge itself, not wrapped in the envelope: the ALTCHA widget reads this address.',
    data: captchaChallengeSchema,
    envelope: false,
    errors: [],
  }),
  contact: endpoint({
    method: 'POST',
    path: '/contact',
    tag: 'Contact',
    summary: 'Send a message to support; the sender gets a copy',
    description:
      'Kept, e-mailed to support, and copied to the sender with when to expect a reply. The captcha’s solution (the widget’s payload) is accepted once.',
    session: 'optional',
    body: contactSchema,
    data: acknowledgementSchema,
    errors: ['CAPTCHA_INVALID', 'CAPTCHA_ALREADY_USED', 'RATE_LIMITED'],
  }),
  newsletter: endpoint({
    method: 'POST',
    path: '/newsletter',
    tag: 'Newsletter',
    summary: 'Subscribe to the newsletter: a confirmation link is e-mailed (double opt-in)',
    description:
      'The same answer whether or not the address is subscribed: a confirmed address is told so by e-mail instead of getting a link. At most one e-mail to an address in 10 minutes and 5 a day: past that, the same answer and no e-mail.',
    body: newsletterSchema,
    form: true,
    formRedirect: 'To the newsletter page in the subscriber’s language: `?status=sent`, or `?error=CODE` when refused.',
    formPage: 'newsletter',
    data: acknowledgementSchema,
    errors: ['RATE_LIMITED'],
  }),
  newsletterConfirm: endpoint({
    method: 'POST',
    path: '/newsletter/confirm',
    tag: 'Newsletter',
    summary: 'Confirm a subscription with the token of the e-mailed link',
    body: newsletterConfirmSchema,
    form: true,
    formRedirect: 'To the newsletter page: `?status=confirmed`, or `?error=CODE` when refused.',
    formPage: 'newsletter',
    data: acknowledgementSchema,
    errors: ['NEWSLETTER_LINK_INVALID'],
  }),
  newsletterUnsubscribe: endpoint({
    method: 'POST',
    path: '/newsletter/unsubscribe',
    tag: 'Newsletter',
    summary: 'Unsubscribe: the address is deleted',
    description:
      'The token of the unsubscribe link in the body, or in the query with the body `List-Unsubscribe=One-Click` (RFC 8058: the `List-Unsubscribe` address of every newsletter e-mail).',
    query: newsletterTokenQuerySchema,
    body: newsletterUnsubscribeSchema,
    form: true,
    formRedirect: 'To the newsletter page: `?status=unsubscribed`, or `?error=CODE` when refused.',
    formPage: 'newsletter',
    data: acknowledgementSchema,
    errors: ['NEWSLETTER_LINK_INVALID'],
  }),
  newsletterUnsubscribeLink: endpoint({
    method: 'GET',
    path: '/newsletter/unsubscribe',
    tag: 'Newsletter',
    summary: 'The `List-Unsubscribe` address opened in a browser: to the unsubscribe page',
    description: 'Changes nothing: the page asks for a click, so that a link checker cannot unsubscribe anyone.',
    query: newsletterTokenQuerySchema,
    redirect: 'To the unsubscribe page with the token, in the subscriber’s language.',
    data: acknowledgementSchema,
    errors: [],
  }),
};
