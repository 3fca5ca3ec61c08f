import 'server-only';
import { z } from '@/lib/zod';
import { imageLimits, listingKinds, type ListingKind } from '@/lib/domain';
import type { ErrorCode } from '@/lib/errors';
import { acknowledgementSchema } from '@/lib/schemas/api';
import { apiBasePath } from '@/lib/routes';
import {
  confirmEmailSchema,
  confirmPhoneSchema,
  forgotPasswordSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  validateCodeSchema,
} from '@/lib/schemas/auth';
import {
  listingDetailSchema,
  listingFiltersSchema,
  listingPageSchema,
  packageImagesSchema,
  packageInputSchema,
  statusInputSchema,
  travelInputSchema,
} from '@/lib/schemas/listings';
import {
  amountInputSchema,
  conversationListSchema,
  conversationQuerySchema,
  conversationSchema,
  conversationsQuerySchema,
  handoverCodeSchema,
  messageSchema,
  openConversationSchema,
  proposalListSchema,
  proposalSchema,
  proposalsQuerySchema,
  proposeSchema,
  receiptSchema,
  sendMessageSchema,
  unreadSchema,
} from '@/lib/schemas/deals';
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
import { memberEndpoints, memberRequestSchemas } from './members';
import { mirrorUserSchema, phoneCodeSentSchema, userProfileSchema } from '@/lib/schemas/users';

// Every endpoint of /api/user/v1, declared once: the route files serve these declarations
// (`route()` of lib/server/http/route.ts parses the query and body with their schemas and applies the
// session rule) and the OpenAPI document is generated from them (lib/server/http/openapi.ts), so the two
// cannot drift. The API tests check every real answer against the document (tests/api/helpers.ts).

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type Endpoint = {
  method: HttpMethod;
  /** Under /api/user/v1, with `{name}` for path parameters. */
  path: `/${string}`;
  tag:
    | 'Auth'
    | 'Users'
    | 'Members'
    | 'Packages'
    | 'Travels'
    | 'Proposals'
    | 'Messaging'
    | 'Nearby'
    | 'Places'
    | 'Simulator'
    | 'Contact'
    | 'Alerts'
    | 'Newsletter'
    | 'Meta';
  summary: string;
  description?: string;
  /**
   * required: 401 without a session. self: required, and the path's userId must be the user's (403).
   * optional: the answer depends on whether there is one. Unset: no session is read.
   */
  session?: 'required' | 'self' | 'optional';
  query?: z.ZodObject;
  /** A JSON body, parsed before the handler runs; `images`: multipart files, read by the handler. */
  body?: z.ZodType | 'images';
  /** `images`: how many photos one request may carry (the body's size limit follows); a listing's by default. */
  maxFiles?: number;
  /** The JSON body may also come as a plain form post (application/x-www-form-urlencoded). */
  form?: boolean;
  /** A plain form post is answered with this redirect (303) instead of JSON. */
  formRedirect?: string;
  /**
   * The page (French slug) a refused plain form post goes back to, by a redirect (303) with
   * `?error=CODE` (and `&reason=KEY`, the `Validation` key of the first bad field): a browser without
   * JavaScript shows a translated page, not JSON. Refusals of the guards stay JSON.
   */
  formPage?: string;
  /** The success is this redirect (303), not data: a link a person opens in a browser. */
  redirect?: string;
  /** The success's `data`; the envelope wraps it unless `envelope` is false. */
  data: z.ZodType;
  envelope?: false;
  /**
   * A success that is not JSON: an event stream (`data` describes one event's payload) or an image
   * (`data` is unused). Refusals are JSON envelopes all the same.
   */
  produces?: 'text/event-stream' | 'image/webp';
  /** The endpoint's own refusals; those of the guards every endpoint inherits are added by guardErrors(). */
  errors: readonly ErrorCode[];
};

/** The refusals of the guards of route() (lib/server/http/route.ts), from what an endpoint declares. */
export function guardErrors(endpoint: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (endpoint.method !== 'GET') codes.push('CROSS_SITE_REQUEST');
  if (endpoint.session === 'required' || endpoint.session === 'self') codes.push('UNAUTHORIZED');
  if (endpoint.session === 'self') codes.push('FORBIDDEN');
  if (endpoint.body) codes.push('UNSUPPORTED_CONTENT_TYPE', 'PAYLOAD_TOO_LARGE');
  if (endpoint.body && endpoint.body !== 'images') codes.push('INVALID_JSON', 'VALIDATION_FAILED');
  else if (endpoint.query) codes.push('VALIDATION_FAILED');
  // A path id that cannot exist (route() refuses U+0000 before any query).
  if (endpoint.path.includes('{')) codes.push('NOT_FOUND');
  return codes;
}

function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

/** Names of schemas in the document's components (everything else is written inline). */
export const namedSchemas = new Map<z.ZodType, string>([
  [signUpSchema, 'SignUpInput'],
  [signInSchema, 'SignInInput'],
  [forgotPasswordSchema, 'ForgotPasswordInput'],
  [resendConfirmationSchema, 'ResendConfirmationInput'],
  [resetPasswordSchema, 'ResetPasswordInput'],
  [confirmEmailSchema, 'ConfirmEmailInput'],
  [confirmPhoneSchema, 'ConfirmPhoneInput'],
  [validateCodeSchema, 'ValidateCodeInput'],
  [newsletterSchema, 'NewsletterInput'],
  [newsletterConfirmSchema, 'NewsletterConfirmInput'],
  [newsletterUnsubscribeSchema, 'NewsletterUnsubscribeInput'],
  [contactSchema, 'ContactInput'],
  [packageInputSchema, 'PackageInput'],
  [travelInputSchema, 'TravelInput'],
  [statusInputSchema, 'StatusInput'],
  [proposeSchema, 'ProposeInput'],
  [amountInputSchema, 'AmountInput'],
  [handoverCodeSchema, 'HandoverCodeInput'],
  [openConversationSchema, 'OpenConversationInput'],
  [sendMessageSchema, 'SendMessageInput'],
  [receiptSchema, 'ReceiptInput'],
  ...memberRequestSchemas,
]);

const sessionSchema = mirrorUserSchema.nullable();

/** The API's collection of each listing kind (`/packages`, `/travels`). */
export const apiCollections = { package: 'packages', travel: 'travels' } as const satisfies Record<ListingKind, string>;

function listingEndpoints<const K extends ListingKind>(kind: K) {
  const collection = `/${apiCollections[kind]}` as const;
  const tag = kind === 'package' ? 'Packages' : 'Travels';
  const input = kind === 'package' ? packageInputSchema : travelInputSchema;
  const a = kind === 'package' ? 'a package' : 'a travel';
  return {
    list: endpoint({
      method: 'GET',
      path: collection,
      tag,
      summary: `List ${apiCollections[kind]}: filtered, keyset-paginated`,
      query: listingFiltersSchema,
      data: listingPageSchema,
      errors: ['VALIDATION_FAILED'],
    }),
    create: endpoint({
      method: 'POST',
      path: collection,
      tag,
      summary: `Publish ${a}`,
      session: 'required',
      body: input,
      data: listingDetailSchema,
      errors: [],
    }),
    get: endpoint({
      method: 'GET',
      path: `${collection}/{id}`,
      tag,
      summary: `One ${kind}, with its details`,
      data: listingDetailSchema,
      errors: ['NOT_FOUND'],
    }),
    update: endpoint({
      method: 'PUT',
      path: `${collection}/{id}`,
      tag,
      summary: `Replace the fields of ${a} (owner only)`,
      session: 'required',
      body: input,
      data: listingDetailSchema,
      errors: ['FORBIDDEN', 'NOT_FOUND'],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${collection}/{id}`,
      tag,
      summary: `Delete ${a} (owner only)`,
      session: 'required',
      data: acknowledgementSchema,
      errors: ['FORBIDDEN', 'NOT_FOUND'],
    }),
    setStatus: endpoint({
      method: 'POST',
      path: `${collection}/{id}/status`,
      tag,
      summary: `Change the status of ${a} (owner only), along the transition table`,
      description:
        'The changes an owner may make are in the README ("Listing states"); a package goes in transit and is delivered by its deal’s handover codes, not here.',
      session: 'required',
      body: statusInputSchema,
      data: listingDetailSchema,
      errors: ['FORBIDDEN', 'NOT_FOUND', 'LISTING_STATUS_NOT_ALLOWED'],
    }),
  };
}

/** The steps of a proposal (lib/server/deals/proposals.ts has the rules of who may take which, when). */
function proposalActionEndpoints() {
  const step = <const P extends `/${string}`, B extends z.ZodType | undefined>(
    path: P,
    summary: string,
    description: string,
    body: B,
    errors: readonly ErrorCode[] = [],
  ) =>
    endpoint({
      method: 'POST',
      path,
      tag: 'Proposals',
      summary,
      description,
      session: 'required',
      body,
      data: proposalSchema,
      errors: ['PROPOSAL_NOT_FOUND', 'NOT_PARTICIPANT', 'PROPOSAL_NOT_ALLOWED', ...errors],
    });
  return {
    edit: endpoint({
      method: 'PUT',
      path: '/proposals/{id}',
      tag: 'Proposals',
      summary: 'Change the amount (the proposer, while pending); the owner answers again',
      session: 'required',
      body: amountInputSchema,
      data: proposalSchema,
      errors: ['PROPOSAL_NOT_FOUND', 'NOT_PARTICIPANT', 'PROPOSAL_NOT_ALLOWED', 'LISTING_CLOSED'],
    }),
    cancel: step(
      '/proposals/{id}/cancel',
      'Cancel: the proposer while pending, either side of a deal before the pickup',
      'Posts a `proposal_cancelled` message.',
      undefined,
    ),
    accept: step(
      '/proposals/{id}/accept',
      'Accept: the owner a proposal, the proposer a counter-proposal',
      'Makes it a deal: phone numbers are shared and, for the parcel’s sender, the handover codes appear. On a package, the other pending proposals are declined.',
      undefined,
      ['LISTING_CLOSED'],
    ),
    decline: step(
      '/proposals/{id}/decline',
      'Decline: the owner a proposal, the proposer a counter-proposal',
      'Posts a `proposal_declined` message.',
      undefined,
    ),
    counter: step(
      '/proposals/{id}/counter',
      'Counter-propose another amount (the owner, on their turn)',
      'Posts a `proposal_sent` message from the owner; the proposer answers.',
      amountInputSchema,
      ['LISTING_CLOSED'],
    ),
    pickup: step(
      '/proposals/{id}/pickup',
      'The carrier took the parcel: they type the pickup code the sender gave them',
      'The deal, and a package listing, become in transit. Wrong codes are limited like phone codes.',
      handoverCodeSchema,
      ['INVALID_HANDOVER_CODE', 'TOO_MANY_ATTEMPTS'],
    ),
    deliver: step(
      '/proposals/{id}/deliver',
      'The carrier handed the parcel over: they type the delivery code the recipient gave them',
      'The deal becomes delivered and a package listing finished.',
      handoverCodeSchema,
      ['INVALID_HANDOVER_CODE', 'TOO_MANY_ATTEMPTS'],
    ),
  };
}

export const endpoints = {
  signUp: endpoint({
    method: 'POST',
    path: '/auth/sign-up',
    tag: 'Auth',
    summary: 'Create an account; a confirmation e-mail is sent',
    description:
      'An address that already has an account gets the same answer; its owner is told by e-mail instead (nothing here tells a stranger whether an address is registered).',
    body: signUpSchema,
    data: acknowledgementSchema,
    errors: ['UNDERAGE', 'TERMS_NOT_ACCEPTED', 'RATE_LIMITED'],
  }),
  resendConfirmationTo: endpoint({
    method: 'POST',
    path: '/auth/resend-confirmation',
    tag: 'Auth',
    summary: 'A new confirmation e-mail to an address, at most once a minute',
    description: 'The same answer whether or not the address has an unconfirmed account.',
    body: resendConfirmationSchema,
    data: acknowledgementSchema,
    errors: ['RESEND_TOO_SOON', 'RATE_LIMITED'],
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/auth/sign-in',
    tag: 'Auth',
    summary: 'Sign in with e-mail and password; sets the session cookie',
    body: signInSchema,
    data: mirrorUserSchema,
    errors: ['INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'RATE_LIMITED'],
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/auth/sign-out',
    tag: 'Auth',
    summary: 'End the session and clear its cookie',
    session: 'optional',
    data: acknowledgementSchema,
    errors: [],
  }),
  session: endpoint({
    method: 'GET',
    path: '/auth/session',
    tag: 'Auth',
    summary: 'The signed-in user as the browser mirrors it, or null',
    session: 'optional',
    data: sessionSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    tag: 'Auth',
    summary: 'E-mail a password reset link',
    description: 'The same answer for an unknown address; a second request within 5 minutes is refused.',
    body: forgotPasswordSchema,
    data: acknowledgementSchema,
    errors: ['RESET_ALREADY_REQUESTED', 'RATE_LIMITED'],
  }),
  user: endpoint({
    method: 'GET',
    path: '/users/{userId}',
    tag: 'Users',
    summary: 'A user’s profile',
    description: 'The user themself (signed in) also gets their contact details (the first form).',
    session: 'optional',
    data: userProfileSchema,
    errors: ['USER_NOT_FOUND'],
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/users/{userId}/confirm-email',
    tag: 'Users',
    summary: 'Confirm the e-mail address with the token of the e-mailed link; signs the user in',
    body: confirmEmailSchema,
    data: mirrorUserSchema,
    errors: ['INVALID_EMAIL_TOKEN', 'USER_NOT_FOUND', 'EMAIL_ALREADY_VERIFIED'],
  }),
  resendConfirmation: endpoint({
    method: 'POST',
    path: '/users/{userId}/resend-confirmation',
    tag: 'Users',
    summary: 'A new confirmation e-mail, at most once a minute',
    data: acknowledgementSchema,
    errors: ['USER_NOT_FOUND', 'EMAIL_ALREADY_VERIFIED', 'RESEND_TOO_SOON', 'RATE_LIMITED'],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/users/{userId}/reset-password',
    tag: 'Users',
    summary: 'Set a new password with the e-mailed token',
    body: resetPasswordSchema,
    data: acknowledgementSchema,
    errors: ['RESET_TOKEN_INVALID', 'PASSWORD_SAME_AS_OLD'],
  }),
  confirmPhone: endpoint({
    method: 'POST',
    path: '/users/{userId}/confirm-phone',
    tag: 'Users',
    summary: 'Send a 6-digit code by SMS to the phone number (the user themself only)',
    description:
      'The country code concatenated with the number, e.g. `{ "phone": "+21620123456" }`; at most once a minute.',
    session: 'self',
    body: confirmPhoneSchema,
    data: phoneCodeSentSchema,
    errors: [
      'INVALID_PHONE',
      'USER_NOT_FOUND',
      'PHONE_ALREADY_VERIFIED',
      'PHONE_TAKEN',
      'RESEND_TOO_SOON',
      'RATE_LIMITED',
      'PHONE_CONFIRMATION_FAILED',
    ],
  }),
  validateCode: endpoint({
    method: 'POST',
    path: '/users/{userId}/validate-code',
    tag: 'Users',
    summary: 'Check the SMS code; verifies the phone number (the user themself only)',
    description:
      'The code as a base-10 integer, e.g. `{ "confirmationPhoneCode": 123456 }`; a limited number of wrong tries.',
    session: 'self',
    body: validateCodeSchema,
    data: mirrorUserSchema,
    errors: [
      'INVALID_PHONE_CODE',
      'PHONE_CODE_EXPIRED',
      'NO_PENDING_PHONE_CODE',
      'USER_NOT_FOUND',
      'PHONE_TAKEN',
      'TOO_MANY_ATTEMPTS',
    ],
  }),
  packages: listingEndpoints('package'),
  travels: listingEndpoints('travel'),
  packageImages: endpoint({
    method: 'POST',
    path: '/packages/{id}/images',
    tag: 'Packages',
    summary: `Add images to a package (owner only; up to ${imageLimits.perListing} per listing)`,
    session: 'required',
    body: 'images',
    data: packageImagesSchema,
    errors: [
      'NO_FILE',
      'TOO_MANY_IMAGES',
      'FORBIDDEN',
      'NOT_FOUND',
      'IMAGE_TOO_BIG',
      'IMAGE_TOO_MANY_PIXELS',
      'UNSUPPORTED_FORMAT',
      'RATE_LIMITED',
    ],
  }),
  proposals: {
    propose: endpoint({
      method: 'POST',
      path: '/proposals',
      tag: 'Proposals',
      summary: 'Propose an amount for a parcel on a package or a travel; opens the conversation about it',
      description:
        'One proposal per listing per member, never on one’s own listing, only while the listing is open. The step is posted in the conversation as a `proposal_sent` message.',
      session: 'required',
      body: proposeSchema,
      data: proposalSchema,
      errors: ['NOT_FOUND', 'PROPOSAL_SELF', 'PROPOSAL_EXISTS', 'LISTING_CLOSED', 'RATE_LIMITED'],
    }),
    list: endpoint({
      method: 'GET',
      path: '/proposals',
      tag: 'Proposals',
      summary: 'The viewer’s proposals, sent and received, newest first (200 at most)',
      session: 'required',
      query: proposalsQuerySchema,
      data: proposalListSchema,
      errors: [],
    }),
    get: endpoint({
      method: 'GET',
      path: '/proposals/{id}',
      tag: 'Proposals',
      summary: 'One proposal, as the viewer sees it (participants only)',
      session: 'required',
      data: proposalSchema,
      errors: ['PROPOSAL_NOT_FOUND', 'NOT_PARTICIPANT'],
    }),
    ...proposalActionEndpoints(),
  },
  messaging: {
    list: endpoint({
      method: 'GET',
      path: '/conversations',
      tag: 'Messaging',
      summary: 'The inbox: the viewer’s conversations, newest message first (200 at most)',
      session: 'required',
      query: conversationsQuerySchema,
      data: conversationListSchema,
      errors: [],
    }),
    open: endpoint({
      method: 'POST',
      path: '/conversations',
      tag: 'Messaging',
      summary: 'Write to the owner of a listing: opens the conversation (or continues it) with a first message',
      session: 'required',
      body: openConversationSchema,
      data: conversationSchema,
      errors: ['NOT_FOUND', 'CONVERSATION_SELF', 'RATE_LIMITED'],
    }),
    get: endpoint({
      method: 'GET',
      path: '/conversations/{id}',
      tag: 'Messaging',
      summary: 'A conversation and a page of its messages (participants only)',
      session: 'required',
      query: conversationQuerySchema,
      data: conversationSchema,
      errors: ['CONVERSATION_NOT_FOUND', 'NOT_PARTICIPANT'],
    }),
    send: endpoint({
      method: 'POST',
      path: '/conversations/{id}/messages',
      tag: 'Messaging',
      summary: 'Send a message',
      session: 'required',
      body: sendMessageSchema,
      data: messageSchema,
      errors: ['CONVERSATION_NOT_FOUND', 'NOT_PARTICIPANT', 'RATE_LIMITED'],
    }),
    sendImage: endpoint({
      method: 'POST',
      path: '/conversations/{id}/images',
      tag: 'Messaging',
      summary: `Send a photo (one file in the part \`images\`, ${imageLimits.maxBytes / 1024 / 1024} MB at most)`,
      description:
        'The photo is re-encoded without its metadata (place, camera) and readable by the two participants only.',
      session: 'required',
      body: 'images',
      maxFiles: 1,
      data: messageSchema,
      errors: [
        'CONVERSATION_NOT_FOUND',
        'NOT_PARTICIPANT',
        'NO_FILE',
        'IMAGE_TOO_BIG',
        'IMAGE_TOO_MANY_PIXELS',
        'UNSUPPORTED_FORMAT',
        'RATE_LIMITED',
      ],
    }),
    receipts: endpoint({
      method: 'POST',
      path: '/conversations/{id}/receipts',
      tag: 'Messaging',
      summary: 'The viewer’s client received (or showed) the other side’s messages up to one',
      description:
        '`delivered` when the client got them; `read` when the conversation was open and visible. Answers the viewer’s unread count.',
      session: 'required',
      body: receiptSchema,
      data: unreadSchema,
      errors: ['CONVERSATION_NOT_FOUND', 'NOT_PARTICIPANT', 'MESSAGE_NOT_FOUND'],
    }),
    image: endpoint({
      method: 'GET',
      path: '/messages/{id}/image',
      tag: 'Messaging',
      summary: 'The photo of a message (participants only), as WebP',
      session: 'required',
      data: z.null(),
      produces: 'image/webp',
      errors: ['MESSAGE_NOT_FOUND', 'NOT_PARTICIPANT'],
    }),
    events: endpoint({
      method: 'GET',
      path: '/events',
      tag: 'Messaging',
      summary: 'The live stream of the signed-in member (Server-Sent Events): one per tab',
      description:
        'Events `message`, `receipt`, `proposal` and `unread`, each with an `id:`; a reconnecting client sends the last as `Last-Event-ID` and gets what it missed. A comment every 20 s keeps the connection open.',
      session: 'required',
      data: z.object({}),
      produces: 'text/event-stream',
      errors: ['RATE_LIMITED'],
    }),
  },
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
  ...memberEndpoints,
  places: endpoint({
    method: 'GET',
    path: '/places',
    tag: 'Places',
    summary: 'Address autocomplete from the offline gazetteer (8 places at most)',
    query: placesQuerySchema,
    data: placeSuggestionsSchema,
    errors: [],
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
      'The same answer whether or not the address is subscribed: a confirmed address is told so by e-mail instead of getting a link.',
    body: newsletterSchema,
    form: true,
    formRedirect: 'To the newsletter page in the subscriber’s language: `?status=sent`, or `?error=CODE` when refused.',
    formPage: 'newsletter',
    data: acknowledgementSchema,
    errors: ['NEWSLETTER_ALREADY_SENT', 'RATE_LIMITED'],
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
  openapi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    tag: 'Meta',
    summary: 'This document (OpenAPI 3.1)',
    description: 'The OpenAPI document itself, not wrapped in the envelope.',
    data: z.record(z.string(), z.unknown()),
    envelope: false,
    errors: [],
  }),
};

/** Every endpoint, in the document's order. */
export const allEndpoints: Endpoint[] = Object.values(endpoints).flatMap((entry) =>
  'method' in entry ? [entry as Endpoint] : Object.values(entry),
);

/** The listing endpoints of each kind. */
export const listingEndpointsOf = Object.fromEntries(
  listingKinds.map((kind) => [kind, endpoints[apiCollections[kind]]]),
) as { [K in ListingKind]: (typeof endpoints)[(typeof apiCollections)[K]] };

/** Where this API lives. */

let routeTable: { pattern: RegExp; parameters: number; methods: string[] }[] | undefined;

/**
 * The methods a path of this API answers, for the Allow header (lib/server/http/fallback.ts), from
 * the declarations (tests/api/openapi.test.ts keeps them equal to the route files). HEAD comes with
 * GET and OPTIONS with every path, as Next answers them.
 */
export function allowedMethods(pathname: string): string[] {
  routeTable ??= [...new Set(allEndpoints.map((e) => e.path))]
    .map((template) => ({
      pattern: new RegExp(`^${apiBasePath}${template.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}/?$`),
      parameters: template.split('{').length - 1,
      methods: allEndpoints.filter((e) => e.path === template).map((e) => e.method),
    }))
    // A static segment wins over a parameter, as in Next's routing.
    .sort((a, b) => a.parameters - b.parameters);
  const methods = routeTable.find((route) => route.pattern.test(pathname))?.methods ?? [];
  return [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort();
}
