import 'server-only';
import { z } from '@/lib/zod';
import { campaignSchema, pageEventSchema, statisticsQuerySchema, statisticsSchema } from '@/lib/schemas/traffic';
import { endpoint } from './declare';

// Visits counted without cookies (lib/server/traffic/): what a public page reports, and the figures
// staff read on /{lang}/statistiques.

export const trafficRequestSchemas: [z.ZodType, string][] = [
  [pageEventSchema, 'PageEventInput'],
  [campaignSchema, 'Campaign'],
];

/** The data of answers that are not JSON (a CSV file) or have no body (204). */
const csvFile = z.null();
const nothing = z.null();

export const trafficAnswerSchemas: [z.ZodType, { id: string; description: string }][] = [
  [
    statisticsSchema,
    { id: 'Statistics', description: 'Visitors, page views, campaigns and Web Vitals of a range of days.' },
  ],
  [csvFile, { id: 'CsvFile', description: 'Not JSON: a CSV file (see the media type).' }],
  [nothing, { id: 'NoContent', description: 'No body (204).' }],
];

export const trafficEndpoints = {
  pageEvents: {
    record: endpoint({
      method: 'POST',
      path: '/page-events',
      tag: 'Statistics',
      summary: 'A public page reports a view, its Core Web Vitals or a share click (the page’s own script)',
      description:
        'No cookie is read or set. A visitor is counted once a day by a hash of a daily salt (deleted after the day), the address and the user agent, none of which is stored. Robots (user agent), prefetches (`Sec-Purpose`) and visitors sending `DNT: 1` or `Sec-GPC: 1` are not counted: the answer is the same 204. Rate-limited per address.',
      body: pageEventSchema,
      data: nothing,
      noContent: true,
      errors: ['RATE_LIMITED'],
    }),
  },
  statistics: {
    get: endpoint({
      method: 'GET',
      path: '/statistics',
      tag: 'Statistics',
      summary: 'Visitors and page views per day, top pages, listings, referrers, campaigns and Web Vitals of a range',
      description: 'Staff only. The range is `from` to `to` (days in Tunisia, the last 28 by default, at most 366).',
      session: 'staff',
      query: statisticsQuerySchema,
      data: statisticsSchema,
      errors: [],
    }),
    export: endpoint({
      method: 'GET',
      path: '/statistics/export',
      tag: 'Statistics',
      summary: 'The same figures as CSV: one row per day, then each table',
      session: 'staff',
      query: statisticsQuerySchema,
      data: csvFile,
      produces: 'text/csv',
      errors: [],
    }),
  },
};
