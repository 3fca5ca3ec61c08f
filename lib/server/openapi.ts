import 'server-only';
import { z } from 'zod';
import { errorCatalogue, type ErrorCode } from '@/lib/errors';
import {
  confirmEmailSchema,
  confirmPhoneSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  validateCodeSchema,
} from '@/lib/schemas/auth';
import {
  currencies,
  listingFiltersSchema,
  listingStatuses,
  packageInputSchema,
  statusInputSchema,
  travelInputSchema,
  travelTypes,
} from '@/lib/schemas/listings';
import { newsletterSchema } from '@/lib/schemas/newsletter';

// The OpenAPI 3.1 document of /api/user/v1 (CONTRACT.md "HTTP API"), served by
// app/api/user/v1/openapi.json. Request bodies and list filters come from the zod schemas the
// handlers parse with (their input side); answers are written by hand from the types of
// lib/server/listings.ts and lib/server/users.ts. Every route under app/api/user/v1 has a path here
// (tests/api/openapi.test.ts walks the directory to make sure).

type JsonSchema = Record<string, unknown>;

// The limits of lib/server/images.ts, repeated so that this document does not load sharp and the
// database (tests/api/openapi.test.ts checks that they agree).
const maxImagesPerListing = 10;
const maxImageMegabytes = 5;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const object = (properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
});

// ---------------------------------------------------------------- from zod

type ZodDef = { type?: string; out?: { _zod?: { def?: { format?: string } } } };

/** Input-side JSON Schema of a zod schema, with what zod cannot say on its own filled in. */
function fromZod(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as { _zod: { def: ZodDef } })._zod.def;
      // z.coerce.date(): any value `new Date()` reads; clients send ISO 8601 strings.
      if (def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      // The e-mail is trimmed and lowercased before being checked: the input is a string, an e-mail once normalised.
      if (def.type === 'pipe' && def.out?._zod?.def?.format === 'email') jsonSchema.format = 'email';
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

const requestSchemas = {
  SignUpInput: signUpSchema,
  SignInInput: signInSchema,
  ForgotPasswordInput: forgotPasswordSchema,
  ResetPasswordInput: resetPasswordSchema,
  ConfirmEmailInput: confirmEmailSchema,
  ConfirmPhoneInput: confirmPhoneSchema,
  ValidateCodeInput: validateCodeSchema,
  NewsletterInput: newsletterSchema,
  PackageInput: packageInputSchema,
  TravelInput: travelInputSchema,
  StatusInput: statusInputSchema,
} satisfies Record<string, z.ZodType>;
type RequestSchemaName = keyof typeof requestSchemas;

const filterDescriptions: Record<string, string> = {
  from: 'Departure city (any of its names, in any language, from the gazetteer of /places).',
  to: 'Arrival city.',
  fromCountry: 'Departure country, ISO 3166-1 alpha-2.',
  toCountry: 'Arrival country, ISO 3166-1 alpha-2.',
  after: 'Departures on or after this day (YYYY-MM-DD).',
  before: 'Departures on or before this day (YYYY-MM-DD).',
  minWeight: 'Packages: minimum weight in kg; travels: minimum free kilos.',
  maxWeight: 'Packages: maximum weight in kg (ignored for travels).',
  maxPrice: 'Maximum price per kg.',
  type: 'Travels only: means of transport.',
  status: 'A listing status, or `all`; without it, open listings only (upcoming and active).',
  sort: 'Order of the list (default `date`).',
  cursor: 'The `nextCursor` of the previous page.',
  limit: 'Page size (default 20).',
};

/** The list filters as query parameters, one per key of listingFiltersSchema's shape. */
function filterParameters(): JsonSchema[] {
  const properties = (fromZod(listingFiltersSchema).properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(listingFiltersSchema.shape).map((name) => ({
    name,
    in: 'query',
    required: false,
    description: filterDescriptions[name],
    schema: properties[name] ?? {},
  }));
}

// ---------------------------------------------------------------- answers, by hand

const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

const verified = object({ email: { type: 'boolean' }, phone: { type: 'boolean' }, identity: { type: 'boolean' } });
const place = object({
  city: { type: 'string' },
  country: { type: 'string', description: 'ISO 3166-1 alpha-2' },
  placeId: nullable({ type: 'integer' }),
  lat: { type: 'number' },
  lng: { type: 'number' },
});

function responseSchemas(): Record<string, JsonSchema> {
  return {
    Envelope: {
      ...object({ success: { const: true }, data: { description: 'The answer; its shape depends on the call.' } }),
      description: 'Every success: `{ "success": true, "data": ... }`.',
    },
    Error: {
      ...object({
        success: { const: false },
        error: object(
          {
            code: { type: 'string', enum: errorCodes, description: 'Stable machine code of the error catalogue.' },
            message: { type: 'string', description: 'Translated into the caller’s language (X-Locale).' },
            fields: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description: 'VALIDATION_FAILED: a translated message per invalid field (dotted path).',
            },
          },
          ['code', 'message'],
        ),
      }),
      description: 'Every failure: `{ "success": false, "error": { "code", "message", "fields"? } }`.',
    },
    MirrorUser: {
      ...object({
        id: { type: 'string' },
        firstname: { type: 'string' },
        verifiedPhone: { type: 'boolean' },
        unreadMessages: { type: 'integer', minimum: 0 },
      }),
      description: 'The signed-in user as the browser mirrors it (localStorage `user`).',
    },
    PublicUser: {
      ...object({
        id: { type: 'string' },
        firstname: { type: 'string' },
        lastname: { type: 'string', description: 'Only the initial, unless the user is the viewer.' },
        avatar: nullable({ type: 'string' }),
        rating: nullable({ type: 'number' }),
        reviewCount: { type: 'integer', minimum: 0 },
        verified,
        memberSince: { type: 'string', format: 'date-time' },
      }),
      description: 'A user’s public profile.',
    },
    OwnUser: {
      allOf: [
        ref('PublicUser'),
        object({
          email: { type: 'string', format: 'email' },
          phone: nullable({ type: 'string' }),
          verifiedPhone: { type: 'boolean' },
          unreadMessages: { type: 'integer', minimum: 0 },
          locale: { type: 'string' },
        }),
      ],
      description: 'The profile of the viewer themself, with their contact details.',
    },
    ListingSummary: {
      ...object({
        kind: { type: 'string', enum: ['package', 'travel'] },
        id: { type: 'string' },
        from: place,
        to: place,
        startedAt: { type: 'string', format: 'date-time' },
        endedAt: { type: 'string', format: 'date-time' },
        pricePerKg: { type: 'number' },
        currency: { type: 'string', enum: [...currencies] },
        status: { type: 'string', enum: [...listingStatuses] },
        createdAt: { type: 'string', format: 'date-time' },
        name: nullable({ type: 'string', description: 'Packages: the title.' }),
        weightKg: nullable({ type: 'number', description: 'Packages: the weight.' }),
        travelType: nullable({
          type: 'string',
          enum: [...travelTypes],
          description: 'Travels: the means of transport.',
        }),
        availableKg: nullable({ type: 'number', description: 'Travels: the free kilos.' }),
        cover: nullable({ type: 'string', description: 'Packages: storage key of the first image.' }),
        owner: object({
          id: { type: 'string' },
          firstname: { type: 'string' },
          rating: nullable({ type: 'number' }),
          reviewCount: { type: 'integer', minimum: 0 },
          verified,
        }),
      }),
      description: 'A package or a travel, as lists show it.',
    },
    ListingDetail: {
      allOf: [
        ref('ListingSummary'),
        object({
          description: { type: 'string' },
          images: {
            type: 'array',
            items: object({ key: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' } }),
          },
        }),
      ],
      description: 'A package or a travel, with its description and images.',
    },
    ListingPage: {
      ...object({
        items: { type: 'array', items: ref('ListingSummary') },
        nextCursor: nullable({
          type: 'string',
          description: 'Pass as `cursor` for the next page; null on the last one.',
        }),
      }),
      description: 'One page of a keyset-paginated list.',
    },
  };
}

// ---------------------------------------------------------------- operations

type Operation = {
  summary: string;
  description?: string;
  tag: string;
  /** required: 401 without a session; optional: the answer depends on whether there is one. */
  session?: 'required' | 'optional';
  path?: 'id' | 'userId';
  query?: JsonSchema[];
  body?: RequestSchemaName | 'images';
  /** Also accepts a plain form post (newsletter). */
  form?: boolean;
  data: JsonSchema;
  errors: ErrorCode[];
  extraResponses?: Record<string, JsonSchema>;
};

const statusTitles: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Server error',
};

const pathParameters = {
  id: { name: 'id', in: 'path', required: true, description: 'The listing’s id.', schema: { type: 'string' } },
  userId: { name: 'userId', in: 'path', required: true, description: 'The user’s id.', schema: { type: 'string' } },
};

function operation(op: Operation): JsonSchema {
  const codes = [...new Set<ErrorCode>([...op.errors, 'INTERNAL_ERROR'])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorCatalogue[code], [...(byStatus.get(errorCatalogue[code]) ?? []), code]);

  const responses: Record<string, JsonSchema> = {
    200: {
      description: 'Success.',
      content: { 'application/json': { schema: { allOf: [ref('Envelope'), object({ data: op.data })] } } },
    },
    ...op.extraResponses,
  };
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status)!;
    responses[status] = {
      description: `${statusTitles[status] ?? 'Error'}: ${list.join(', ')}.`,
      content: { 'application/json': { schema: ref('Error') } },
    };
  }

  const result: JsonSchema = {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    parameters: [
      { $ref: '#/components/parameters/Locale' },
      ...(op.path ? [pathParameters[op.path]] : []),
      ...(op.query ?? []),
    ],
    responses,
  };
  if (op.session === 'required') result.security = [{ sessionCookie: [] }];
  if (op.session === 'optional') result.security = [{}, { sessionCookie: [] }];
  if (op.body === 'images') {
    result.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: object({
            images: {
              type: 'array',
              items: { type: 'string', format: 'binary', contentMediaType: 'image/*' },
              minItems: 1,
              maxItems: maxImagesPerListing,
              description: `JPEG, PNG, WebP, AVIF, GIF or HEIF images, ${maxImageMegabytes} MB each at most.`,
            },
          }),
          encoding: { images: { contentType: 'image/*' } },
        },
      },
    };
  } else if (op.body) {
    result.requestBody = {
      required: true,
      content: {
        'application/json': { schema: ref(op.body) },
        ...(op.form ? { 'application/x-www-form-urlencoded': { schema: ref(op.body) } } : {}),
      },
    };
  }
  return result;
}

const bodyErrors: ErrorCode[] = ['VALIDATION_FAILED', 'INVALID_JSON'];

function listingPaths(
  kind: 'package' | 'travel',
  plural: 'packages' | 'travels',
): Record<string, Record<string, JsonSchema>> {
  const tag = plural === 'packages' ? 'Packages' : 'Travels';
  const input: RequestSchemaName = kind === 'package' ? 'PackageInput' : 'TravelInput';
  const a = kind === 'package' ? 'a package' : 'a travel';
  return {
    [`/${plural}`]: {
      get: operation({
        tag,
        summary: `List ${plural}: filtered, keyset-paginated`,
        query: filterParameters(),
        data: ref('ListingPage'),
        errors: ['VALIDATION_FAILED'],
      }),
      post: operation({
        tag,
        summary: `Publish ${a}`,
        session: 'required',
        body: input,
        data: ref('ListingDetail'),
        errors: [...bodyErrors, 'UNAUTHORIZED'],
      }),
    },
    [`/${plural}/{id}`]: {
      get: operation({
        tag,
        summary: `One ${kind}, with its details`,
        path: 'id',
        data: ref('ListingDetail'),
        errors: ['NOT_FOUND'],
      }),
      put: operation({
        tag,
        summary: `Replace the fields of ${a} (owner only)`,
        session: 'required',
        path: 'id',
        body: input,
        data: ref('ListingDetail'),
        errors: [...bodyErrors, 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
      }),
      delete: operation({
        tag,
        summary: `Delete ${a} (owner only)`,
        session: 'required',
        path: 'id',
        data: object({ deleted: { const: true } }),
        errors: ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
      }),
    },
    [`/${plural}/{id}/status`]: {
      post: operation({
        tag,
        summary: `Change the status of ${a} (owner only)`,
        session: 'required',
        path: 'id',
        body: 'StatusInput',
        data: ref('ListingDetail'),
        errors: [...bodyErrors, 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
      }),
    },
  };
}

function paths(): Record<string, Record<string, JsonSchema>> {
  return {
    '/auth/sign-up': {
      post: operation({
        tag: 'Auth',
        summary: 'Create an account; a confirmation e-mail is sent',
        body: 'SignUpInput',
        data: object({ userId: { type: 'string' } }),
        errors: [...bodyErrors, 'EMAIL_TAKEN'],
      }),
    },
    '/auth/sign-in': {
      post: operation({
        tag: 'Auth',
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: 'SignInInput',
        data: ref('MirrorUser'),
        errors: [...bodyErrors, 'INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'RATE_LIMITED'],
      }),
    },
    '/auth/sign-out': {
      post: operation({
        tag: 'Auth',
        summary: 'End the session and clear its cookie',
        session: 'optional',
        data: { type: 'null' },
        errors: [],
      }),
    },
    '/auth/session': {
      get: operation({
        tag: 'Auth',
        summary: 'The signed-in user as the browser mirrors it, or null',
        session: 'optional',
        data: nullable(ref('MirrorUser')),
        errors: ['USER_NOT_FOUND'],
      }),
    },
    '/auth/forgot-password': {
      post: operation({
        tag: 'Auth',
        summary: 'E-mail a password reset link',
        description: 'The same answer for an unknown address; a second request within 5 minutes is refused.',
        body: 'ForgotPasswordInput',
        data: object({ sent: { const: true } }),
        errors: [...bodyErrors, 'RESET_ALREADY_REQUESTED'],
      }),
    },
    '/users/{userId}': {
      get: operation({
        tag: 'Users',
        summary: 'A user’s profile',
        description: 'The user themself (signed in) also gets their contact details (OwnUser).',
        session: 'optional',
        path: 'userId',
        data: { anyOf: [ref('OwnUser'), ref('PublicUser')] },
        errors: ['USER_NOT_FOUND'],
      }),
    },
    '/users/{userId}/confirm-email': {
      post: operation({
        tag: 'Users',
        summary: 'Confirm the e-mail address with the token of the e-mailed link; signs the user in',
        path: 'userId',
        body: 'ConfirmEmailInput',
        data: ref('MirrorUser'),
        errors: [...bodyErrors, 'INVALID_EMAIL_TOKEN', 'USER_NOT_FOUND', 'EMAIL_ALREADY_VERIFIED'],
      }),
    },
    '/users/{userId}/resend-confirmation': {
      post: operation({
        tag: 'Users',
        summary: 'A new confirmation e-mail, at most once a minute',
        path: 'userId',
        data: object({ sent: { const: true } }),
        errors: ['USER_NOT_FOUND', 'EMAIL_ALREADY_VERIFIED', 'RESEND_TOO_SOON'],
      }),
    },
    '/users/{userId}/reset-password': {
      post: operation({
        tag: 'Users',
        summary: 'Set a new password with the e-mailed token',
        path: 'userId',
        body: 'ResetPasswordInput',
        data: object({ reset: { const: true } }),
        errors: [...bodyErrors, 'RESET_TOKEN_INVALID', 'PASSWORD_SAME_AS_OLD'],
      }),
    },
    '/users/{userId}/confirm-phone': {
      post: operation({
        tag: 'Users',
        summary: 'Send a 6-digit code by SMS to the phone number (the user themself only)',
        description:
          'The country code concatenated with the number, e.g. `{ "phone": "+21620123456" }`; at most once a minute.',
        session: 'required',
        path: 'userId',
        body: 'ConfirmPhoneInput',
        data: object({
          phone: { type: 'string', description: 'The number in E.164 form.' },
          resendAfterSeconds: { type: 'integer' },
          expiresInSeconds: { type: 'integer' },
        }),
        errors: [
          ...bodyErrors,
          'INVALID_PHONE',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'USER_NOT_FOUND',
          'PHONE_ALREADY_VERIFIED',
          'PHONE_TAKEN',
          'RESEND_TOO_SOON',
          'PHONE_CONFIRMATION_FAILED',
        ],
      }),
    },
    '/users/{userId}/validate-code': {
      post: operation({
        tag: 'Users',
        summary: 'Check the SMS code; verifies the phone number (the user themself only)',
        description:
          'The code as a base-10 integer, e.g. `{ "confirmationPhoneCode": 123456 }`; a limited number of wrong tries.',
        session: 'required',
        path: 'userId',
        body: 'ValidateCodeInput',
        data: ref('MirrorUser'),
        errors: [
          ...bodyErrors,
          'INVALID_PHONE_CODE',
          'PHONE_CODE_EXPIRED',
          'NO_PENDING_PHONE_CODE',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'USER_NOT_FOUND',
          'PHONE_TAKEN',
          'TOO_MANY_ATTEMPTS',
        ],
      }),
    },
    ...listingPaths('package', 'packages'),
    '/packages/{id}/images': {
      post: operation({
        tag: 'Packages',
        summary: `Add images to a package (owner only; up to ${maxImagesPerListing} per listing)`,
        session: 'required',
        path: 'id',
        body: 'images',
        data: {
          type: 'array',
          description: 'Every image of the package, in order.',
          items: object({
            key: { type: 'string' },
            width: { type: 'integer' },
            height: { type: 'integer' },
            position: { type: 'integer' },
          }),
        },
        errors: [
          'NO_FILE',
          'TOO_MANY_IMAGES',
          'UNAUTHORIZED',
          'FORBIDDEN',
          'NOT_FOUND',
          'IMAGE_TOO_BIG',
          'UNSUPPORTED_FORMAT',
        ],
      }),
    },
    ...listingPaths('travel', 'travels'),
    '/places': {
      get: operation({
        tag: 'Places',
        summary: 'Address autocomplete from the offline gazetteer (8 places at most)',
        query: [
          {
            name: 'q',
            in: 'query',
            required: false,
            description: 'The start of a city name (80 characters used).',
            schema: { type: 'string' },
          },
          {
            name: 'country',
            in: 'query',
            required: false,
            description: 'ISO 3166-1 alpha-2 country.',
            schema: { type: 'string' },
          },
        ],
        data: {
          type: 'array',
          items: object({
            id: { type: 'integer' },
            name: { type: 'string', description: 'In the caller’s language.' },
            country: { type: 'string' },
            lat: { type: 'number' },
            lng: { type: 'number' },
          }),
        },
        errors: [],
      }),
    },
    '/newsletter': {
      post: operation({
        tag: 'Newsletter',
        summary: 'Subscribe to the newsletter',
        description:
          'A plain form post (application/x-www-form-urlencoded) is answered with a redirect to the referring page.',
        body: 'NewsletterInput',
        form: true,
        data: object({ subscribed: { const: true } }),
        errors: bodyErrors,
        extraResponses: {
          303: {
            description: 'Form post: back to the referring page, with `newsletter=ok` in its query.',
            headers: { Location: { schema: { type: 'string', format: 'uri' } } },
          },
        },
      }),
    },
    '/openapi.json': {
      get: {
        tags: ['Meta'],
        summary: 'This document (OpenAPI 3.1)',
        responses: {
          200: {
            description: 'The OpenAPI document itself (not wrapped in the envelope).',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
  };
}

// ---------------------------------------------------------------- the document

export const apiBasePath = '/api/user/v1';

let routeTable: { pattern: RegExp; parameters: number; methods: string[] }[] | undefined;

/**
 * The methods a path of this API answers, for the Allow header (lib/server/api-fallback.ts): the
 * document's paths are the route table, since tests/api/openapi.test.ts keeps them equal to the
 * route files. HEAD comes with GET and OPTIONS with every path, as Next answers them.
 */
export function allowedMethods(pathname: string): string[] {
  routeTable ??= Object.entries(paths())
    .map(([template, item]) => ({
      pattern: new RegExp(`^${apiBasePath}${template.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}/?$`),
      parameters: template.split('{').length - 1,
      methods: Object.keys(item).map((method) => method.toUpperCase()),
    }))
    // A static segment wins over a parameter, as in Next's routing.
    .sort((a, b) => a.parameters - b.parameters);
  const methods = routeTable.find((route) => route.pattern.test(pathname))?.methods ?? [];
  return [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort();
}

export function openApiDocument(serverUrl: string): object {
  const base = serverUrl.replace(/\/+$/, '');
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Colibri user API',
      version: '1.0.0',
      description: [
        'JSON API of Colibri, the parcel marketplace between senders and travellers.',
        '',
        '**Session.** A cookie session (`better-auth.session_token`, `__Secure-better-auth.session_token` over HTTPS), set by sign-in and e-mail confirmation: send requests with credentials included.',
        '',
        '**Language.** The `X-Locale` header (`fr`, `en`, `tn`, `ar`) chooses the language of error messages (then Accept-Language, else `fr`).',
        '',
        '**Envelope.** Successes are `{ "success": true, "data": ... }`; failures are `{ "success": false, "error": { "code", "message", "fields"? } }`, with a stable `code` from the error catalogue, its HTTP status, and a translated `message`.',
        '',
        '**Unknown paths and methods.** A path that does not exist answers 404 `ROUTE_NOT_FOUND`; a method a path does not define answers 405 `METHOD_NOT_ALLOWED` with an `Allow` header.',
      ].join('\n'),
    },
    servers: [{ url: `${base}${apiBasePath}` }],
    tags: [
      { name: 'Auth', description: 'Accounts and the cookie session' },
      { name: 'Users', description: 'Profiles, e-mail and phone confirmation, password reset' },
      { name: 'Packages', description: 'Packages to send' },
      { name: 'Travels', description: 'Travels with free kilos' },
      { name: 'Places', description: 'The gazetteer' },
      { name: 'Newsletter' },
      { name: 'Meta' },
    ],
    paths: paths(),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'better-auth.session_token',
          description: 'The session cookie set by sign-in (named `__Secure-better-auth.session_token` over HTTPS).',
        },
      },
      parameters: {
        Locale: {
          name: 'X-Locale',
          in: 'header',
          required: false,
          description: 'Language of the messages; otherwise Accept-Language, else fr.',
          schema: { type: 'string', enum: ['fr', 'en', 'tn', 'ar'] },
        },
      },
      schemas: {
        ...Object.fromEntries(Object.entries(requestSchemas).map(([name, schema]) => [name, fromZod(schema)])),
        ...responseSchemas(),
      },
    },
  };
}
