import 'server-only';
import { z } from '@/lib/zod';
import { imageLimits } from '@/lib/domain';
import { errorCatalogue, type ErrorCode } from '@/lib/errors';
import { prefixes } from '@/lib/i18n/locales';
import { sessionCookieNames } from '@/lib/session-cookie';
import { acknowledgementSchema, errorEnvelopeSchema } from '@/lib/schemas/api';
import {
  listingDetailSchema,
  listingOwnerSchema,
  listingPageSchema,
  listingSummarySchema,
  packageImagesSchema,
} from '@/lib/schemas/listings';
import { nearbyAnswerSchema, nearbyOfferSchema } from '@/lib/schemas/nearby';
import { placeSuggestionsSchema } from '@/lib/schemas/places';
import { captchaChallengeSchema } from '@/lib/schemas/contact';
import { priceEstimateSchema } from '@/lib/schemas/simulator';
import { routePricesSchema } from '@/lib/schemas/routes';
import {
  conversationListSchema,
  conversationSchema,
  conversationSummarySchema,
  liveEventSchemas,
  messageSchema,
  personSchema,
  proposalListSchema,
  proposalSchema,
  unreadSchema,
} from '@/lib/schemas/deals';
import {
  mirrorUserSchema,
  ownUserSchema,
  pendingPhoneSchema,
  phoneCodeSentSchema,
  publicUserSchema,
  userProfileSchema,
  verifiedSchema,
} from '@/lib/schemas/users';
import { apiBasePath } from '@/lib/routes';
import { allEndpoints, endpoints, guardErrors, namedSchemas, type Endpoint } from './endpoints';
import { emailConfirmationSchema } from '@/lib/schemas/auth';
import { memberAnswerSchemas } from '@/lib/server/http/endpoints/members';
import { moderationAnswerSchemas } from '@/lib/server/http/endpoints/moderation';
import { pushAnswerSchemas } from '@/lib/server/http/endpoints/push';
import { trafficAnswerSchemas } from '@/lib/server/http/endpoints/traffic';

// The OpenAPI 3.1 document of /api/user/v1 (CONTRACT.md "HTTP API"), served by
// app/api/user/v1/openapi.json, generated from the endpoint declarations of ./endpoints/ and
// their zod schemas: requests as the handlers parse them (input side), answers as the services
// return them (output side, strict: no field the schema does not name).

type JsonSchema = Record<string, unknown>;
type Metadata = { id: string; description?: string };

/** Answers named in the components, with the sentence that describes them. */
const answers: [z.ZodType, Metadata][] = [
  [errorEnvelopeSchema, { id: 'Error', description: 'Every failure, with its HTTP status.' }],
  [acknowledgementSchema, { id: 'Acknowledgement', description: 'Done: nothing to return.' }],
  [verifiedSchema, { id: 'Verified', description: 'What Colibri has verified about a member.' }],
  [mirrorUserSchema, { id: 'MirrorUser', description: 'The signed-in user as the browser mirrors it.' }],
  [endpoints.session.data, { id: 'Session', description: 'The signed-in user, or null.' }],
  [publicUserSchema, { id: 'PublicUser', description: 'A member’s public profile.' }],
  [ownUserSchema, { id: 'OwnUser', description: 'The viewer’s own profile, with their contact details.' }],
  [userProfileSchema, { id: 'UserProfile', description: 'OwnUser for the viewer themself, else PublicUser.' }],
  [phoneCodeSentSchema, { id: 'PhoneCodeSent', description: 'A code is on its way by SMS or WhatsApp.' }],
  [
    pendingPhoneSchema,
    { id: 'PendingPhone', description: 'The code waiting, and what became of its message; null when none waits.' },
  ],
  [
    emailConfirmationSchema,
    { id: 'EmailConfirmation', description: 'The address is confirmed, or a provider sign-in will confirm it.' },
  ],
  [listingOwnerSchema, { id: 'ListingOwner', description: 'Who published a listing.' }],
  [listingSummarySchema, { id: 'ListingSummary', description: 'A package or a travel, as lists show it.' }],
  [
    listingDetailSchema,
    { id: 'ListingDetail', description: 'A package or a travel, with its description and images.' },
  ],
  [listingPageSchema, { id: 'ListingPage', description: 'One page of a keyset-paginated list.' }],
  [packageImagesSchema, { id: 'PackageImages', description: 'Every image of a package, in order.' }],
  [nearbyOfferSchema, { id: 'NearbyOffer', description: 'An open listing near a point, with its distance.' }],
  [nearbyAnswerSchema, { id: 'NearbyOffers', description: 'The nearest open listings within a radius.' }],
  [
    placeSuggestionsSchema,
    {
      id: 'PlaceSuggestions',
      description: 'Places whose name starts with the query, or is near it (misspelled, transliterated).',
    },
  ],
  [personSchema, { id: 'Person', description: 'The other side of a deal or a conversation.' }],
  [proposalSchema, { id: 'Proposal', description: 'A proposal, as the viewer sees it: their side, their actions.' }],
  [proposalListSchema, { id: 'ProposalList', description: 'The viewer’s proposals.' }],
  [messageSchema, { id: 'Message', description: 'A message, or a step of the deal posted in the conversation.' }],
  [conversationSummarySchema, { id: 'ConversationSummary', description: 'A conversation, as the inbox lists it.' }],
  [conversationListSchema, { id: 'ConversationList', description: 'The inbox.' }],
  [conversationSchema, { id: 'Conversation', description: 'A conversation with a page of messages.' }],
  [unreadSchema, { id: 'Unread', description: 'The viewer’s unread messages.' }],
  ...Object.entries(liveEventSchemas).map(([type, schema]): [z.ZodType, Metadata] => [
    schema,
    { id: `LiveEvent${type[0]!.toUpperCase()}${type.slice(1)}`, description: `The data of a \`${type}\` event.` },
  ]),
  [endpoints.messaging.events.data, { id: 'LiveStream', description: 'See the events of the stream.' }],
  [endpoints.messaging.image.data, { id: 'Binary', description: 'Not JSON: see the media type.' }],
  [priceEstimateSchema, { id: 'PriceEstimate', description: 'A price range for a parcel, and how it was found.' }],
  [
    routePricesSchema,
    { id: 'RoutePrices', description: 'The prices per kilo asked on a route, as its page shows them.' },
  ],
  [captchaChallengeSchema, { id: 'CaptchaChallenge', description: 'An ALTCHA challenge (altcha-lib 2), signed.' }],
  [endpoints.openapi.data, { id: 'OpenApiDocument', description: 'This document.' }],
  ...memberAnswerSchemas,
  ...moderationAnswerSchemas,
  ...pushAnswerSchemas,
  ...trafficAnswerSchemas,
];

/** What zod cannot say on its own about an input. */
function overrideInput({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  type Def = { type?: string; out?: { _zod?: { def?: { format?: string } } } };
  const def = (zodSchema as { _zod: { def: Def } })._zod.def;
  // z.coerce.date(): any value `new Date()` reads; clients send ISO 8601 strings.
  if (def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
  // The e-mail is trimmed and lowercased before being checked: a string, an e-mail once normalised.
  if (def.type === 'pipe' && def.out?._zod?.def?.format === 'email') jsonSchema.format = 'email';
}

const componentUri = (id: string) => `#/components/schemas/${id}`;

function registry(entries: Iterable<[z.ZodType, Metadata]>) {
  const result = z.registry<Metadata>();
  for (const [schema, meta] of entries) result.add(schema, meta);
  return result;
}

const requestRegistry = registry([...namedSchemas].map(([schema, id]) => [schema, { id }]));
const answerRegistry = registry(answers);

/** The components of a registry, each without its own $schema and $id. */
function components(source: ReturnType<typeof registry>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(source, {
    io,
    uri: componentUri,
    unrepresentable: 'any',
    override: io === 'input' ? overrideInput : undefined,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema, $id, ...rest } = schema as JsonSchema;
      void $schema;
      void $id;
      return [id, rest];
    }),
  );
}

function ref(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const id = (io === 'input' ? requestRegistry : answerRegistry).get(schema)?.id;
  if (!id) throw new Error(`An ${io} schema of an endpoint has no name in lib/server/http/openapi.ts`);
  return { $ref: componentUri(id) };
}

/** Query parameters: one per property of the endpoint's query schema. */
function queryParameters(query: z.ZodObject): JsonSchema[] {
  const json = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any', override: overrideInput }) as {
    properties?: Record<string, JsonSchema>;
  };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: 'query', required: false, ...(description ? { description } : {}), schema: rest };
  });
}

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
  503: 'Service unavailable',
};

/** `{id}` names the item of the collection before it: `/proposals/{id}` a proposal. */
const pathParameterDescriptions: Record<string, string> = {
  '/packages/{id}': 'The package’s id.',
  '/travels/{id}': 'The travel’s id.',
  '/proposals/{id}': 'The proposal’s id.',
  '/conversations/{id}': 'The conversation’s id.',
  '/messages/{id}': 'The message’s id.',
  '/users/{userId}': 'The user’s id.',
  '/alerts/{id}': 'The alert’s id.',
};
const describeParameter = (path: string, name: string) =>
  Object.entries(pathParameterDescriptions).find(
    ([prefix]) => path.startsWith(prefix) && prefix.includes(`{${name}}`),
  )?.[1];

function operation(endpoint: Endpoint): JsonSchema {
  const codes = [
    ...new Set<ErrorCode>([...guardErrors(endpoint), ...endpoint.errors, 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']),
  ];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorCatalogue[code], [...(byStatus.get(errorCatalogue[code]) ?? []), code]);

  const data = ref(endpoint.data, 'output');
  const success = endpoint.envelope === false ? data : envelope(data);
  const responses: Record<string, JsonSchema> = endpoint.redirect
    ? {
        303: {
          description: `Success: ${endpoint.redirect}`,
          headers: { Location: { schema: { type: 'string', format: 'uri-reference' } } },
        },
      }
    : endpoint.noContent
      ? { 204: { description: 'Success, without a body.' } }
      : { 200: { description: 'Success.', content: successContent(endpoint, success) } };
  if (endpoint.formRedirect)
    responses[303] = {
      description: `Form post: ${endpoint.formRedirect}`,
      headers: { Location: { schema: { type: 'string', format: 'uri-reference' } } },
    };
  for (const status of [...byStatus.keys()].sort((a, b) => a - b))
    responses[status] = {
      description: `${statusTitles[status] ?? 'Error'}: ${byStatus.get(status)!.join(', ')}.`,
      ...(status === 429 || status === 503
        ? { headers: { 'Retry-After': { description: 'Seconds before another try.', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: { $ref: componentUri('Error') } } },
    };

  const pathParameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: describeParameter(endpoint.path, name!),
    schema: { type: 'string' },
  }));
  const result: JsonSchema = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    parameters: [
      { $ref: '#/components/parameters/Locale' },
      ...pathParameters,
      ...(endpoint.query ? queryParameters(endpoint.query) : []),
    ],
    responses,
  };
  const sessions = [{ sessionCookie: [] }, { bearerToken: [] }];
  if (endpoint.session === 'required' || endpoint.session === 'self' || endpoint.session === 'staff')
    result.security = sessions;
  if (endpoint.session === 'optional') result.security = [{}, ...sessions];
  if (endpoint.body === 'images')
    result.requestBody = endpoint.imageParts
      ? namedImagesBody(endpoint.imageParts)
      : imagesBody(endpoint.maxFiles ?? imageLimits.perListing);
  else if (endpoint.body) {
    const schema = ref(endpoint.body, 'input');
    result.requestBody = {
      required: true,
      content: {
        'application/json': { schema },
        ...(endpoint.form ? { 'application/x-www-form-urlencoded': { schema } } : {}),
      },
    };
  }
  return result;
}

function successContent(endpoint: Endpoint, json: JsonSchema): JsonSchema {
  if (endpoint.produces === 'image/webp')
    return { 'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } } };
  if (endpoint.produces === 'text/csv')
    return { 'text/csv': { schema: { type: 'string', contentMediaType: 'text/csv' } } };
  if (endpoint.produces === 'text/event-stream')
    return {
      'text/event-stream': {
        schema: {
          type: 'string',
          description: `Server-Sent Events. Each has an \`id:\` (to send back as Last-Event-ID), an \`event:\` (${Object.keys(
            liveEventSchemas,
          )
            .map((type) => `\`${type}\``)
            .join(', ')}) and a JSON \`data:\` of the schema LiveEvent<Type>.`,
        },
      },
    };
  return { 'application/json': { schema: json } };
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: { success: { const: true }, data },
    required: ['success', 'data'],
    additionalProperties: false,
  };
}

function imagesBody(maxFiles: number): JsonSchema {
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            images: {
              type: 'array',
              items: { type: 'string', format: 'binary', contentMediaType: 'image/*' },
              minItems: 1,
              maxItems: maxFiles,
              description: `Images (${imageLimits.formats.join(', ')}, read from the content), ${imageLimits.maxBytes / 1024 / 1024} MB each at most.`,
            },
          },
          required: ['images'],
        },
        encoding: { images: { contentType: 'image/*' } },
      },
    },
  };
}

/** A multipart body of one image in each named part. */
function namedImagesBody(parts: readonly string[]): JsonSchema {
  const image = {
    type: 'string',
    format: 'binary',
    contentMediaType: 'image/*',
    description: `An image (${imageLimits.formats.join(', ')}, read from the content), ${imageLimits.maxBytes / 1024 / 1024} MB at most.`,
  };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: Object.fromEntries(parts.map((p) => [p, image])), required: [...parts] },
        encoding: Object.fromEntries(parts.map((p) => [p, { contentType: 'image/*' }])),
      },
    },
  };
}

function paths(): Record<string, Record<string, JsonSchema>> {
  const result: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of allEndpoints)
    (result[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint);
  return result;
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
        `**Session.** A cookie session (\`${sessionCookieNames[0]}\`, \`${sessionCookieNames[1]}\` over HTTPS), set by sign-in and e-mail confirmation: send requests with credentials included. The mobile app sends the \`set-auth-token\` of those answers as \`Authorization: Bearer\` instead.`,
        '',
        '**Writes** with a cookie session must come from this site (a browser says so in Sec-Fetch-Site or Origin), in the declared media type, within 64 kB of JSON (uploads: the photos of a listing).',
        '',
        '**Language.** The `X-Locale` header (`fr`, `en`, `tn`, `ar`) chooses the language of error messages (then Accept-Language, else `fr`).',
        '',
        '**Envelope.** Successes are `{ "success": true, "data": ... }` (`data` is null when there is nothing to return); failures are `{ "success": false, "error": { "code", "message", "fields"? } }`, with a stable `code` from the error catalogue, its HTTP status, and a translated `message`.',
        '',
        '**Unknown paths and methods.** A path that does not exist answers 404 `ROUTE_NOT_FOUND`; a method a path does not define answers 405 `METHOD_NOT_ALLOWED` with an `Allow` header.',
      ].join('\n'),
    },
    servers: [{ url: `${base}${apiBasePath}` }],
    tags: [
      { name: 'Auth', description: 'Accounts and the cookie session' },
      { name: 'Users', description: 'Profiles, e-mail and phone confirmation, password reset' },
      { name: 'Members', description: 'The signed-in member’s own account, dashboard, listings and favourites' },
      { name: 'Packages', description: 'Packages to send' },
      { name: 'Travels', description: 'Travels with free kilos' },
      { name: 'Proposals', description: 'Price proposals, counter-proposals and the deal’s handover' },
      { name: 'Messaging', description: 'Conversations about a listing, and the live stream' },
      { name: 'Nearby', description: 'Offers around a point, for a map' },
      { name: 'Alerts', description: 'Saved searches that e-mail new matching listings' },
      { name: 'Places', description: 'The gazetteer' },
      { name: 'Simulator', description: 'The price simulator' },
      { name: 'Contact', description: 'The contact form and its captcha' },
      { name: 'Newsletter', description: 'Double opt-in, and one-click unsubscribe' },
      { name: 'Moderation', description: 'Staff: the queue of reports and identity checks, members’ records, actions' },
      {
        name: 'Statistics',
        description: 'Visits counted without cookies: what public pages report, and the figures staff read',
      },
      { name: 'Meta' },
    ],
    paths: paths(),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookieNames[0],
          description: `The session cookie set by sign-in (named \`${sessionCookieNames[1]}\` over HTTPS). Writes with it must come from this site (Sec-Fetch-Site or Origin).`,
        },
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'For the mobile app: the `set-auth-token` header of the sign-in (or e-mail confirmation) answer, sent back as `Authorization: Bearer <token>`.',
        },
      },
      parameters: {
        Locale: {
          name: 'X-Locale',
          in: 'header',
          required: false,
          description: 'Language of the messages; otherwise Accept-Language, else fr.',
          schema: { type: 'string', enum: prefixes },
        },
      },
      schemas: { ...components(requestRegistry, 'input'), ...components(answerRegistry, 'output') },
    },
  };
}
