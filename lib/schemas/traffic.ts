import { z } from '@/lib/zod';
import {
  deviceClasses,
  listingKinds,
  shareNetworks,
  trafficRules,
  type TrafficDimension,
  type WebVital,
} from '@/lib/domain';
import { isRealDate } from './days';

// What a public page reports (POST /page-events, sent by the script of lib/beacon.mjs), the campaign a
// sign-up carries, and the statistics staff read (GET /statistics).

/** A page's path, without its query: what lib/counted-pages.ts reads. */
const path = z
  .string()
  .min(1, 'required')
  .max(300, 'tooLong')
  .regex(/^\/[^\s?#]*$/, 'invalidCharacter');

/** A campaign tag as typed in a link: trimmed, at most `tagMax` characters, blank as absent. */
const tag = z
  .string()
  .max(trafficRules.tagMax * 4, 'tooLong')
  .transform((value) => value.trim().slice(0, trafficRules.tagMax) || undefined)
  .optional();

/** utm_source, utm_medium, utm_campaign of the visit (the tab keeps them: lib/beacon.mjs). */
export const campaignSchema = z.strictObject({ source: tag, medium: tag, campaign: tag });
export type Campaign = z.output<typeof campaignSchema>;

/** A host name, as `new URL(document.referrer).hostname` gives it. */
const host = z
  .string()
  .max(253, 'tooLong')
  .regex(/^[a-z0-9.-]*$/i, 'invalidCharacter')
  .transform((value) => value.toLowerCase().replace(/^www\./, '') || undefined);

const vital = (max: number) => z.number().min(0).max(max).optional();
const vitals = {
  lcp: vital(120_000),
  inp: vital(120_000),
  cls: vital(100),
  ttfb: vital(120_000),
} satisfies Record<WebVital, unknown>;

export const pageEventSchema = z.discriminatedUnion(
  'type',
  [
    z
      .strictObject({
        type: z.literal('view'),
        path,
        referrer: host.nullable().optional(),
        campaign: campaignSchema.optional(),
      })
      .meta({ description: 'The page was seen (sent once it has loaded, and after each navigation in the tab).' }),
    z.strictObject({ type: z.literal('vitals'), path, ...vitals }).meta({
      description: 'The page’s Core Web Vitals (web-vitals), sent when it is hidden: milliseconds, CLS a score.',
    }),
    z
      .strictObject({ type: z.literal('share'), path, network: z.enum(shareNetworks, { error: 'networkUnknown' }) })
      .meta({ description: 'A click on a share link of a listing’s page.' }),
  ],
  { error: 'eventTypeUnknown' },
);
export type PageEventInput = z.output<typeof pageEventSchema>;

// ---------------------------------------------------------------- what staff read

const day = z.string().refine(isRealDate, 'dateInvalid');
export const statisticsQuerySchema = z.object({ from: day.optional(), to: day.optional() });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

const counts = { visitors: z.number().int().min(0), views: z.number().int().min(0) };
const rows = z.array(z.object({ value: z.string(), ...counts }));
export const statisticsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z
    .array(z.object({ day: z.iso.date(), ...counts }))
    .meta({ description: 'Every day of the range: visitors (each counted once a day) and page views.' }),
  top: z
    .object({
      page: rows,
      listing: rows,
      referrer: rows,
      campaign: rows,
      device: rows,
      locale: rows,
    } satisfies Record<TrafficDimension, unknown>)
    .meta({
      description:
        'The first rows of each dimension by views: pages (paths), listings (kind:id), referrers (hosts), campaigns (JSON [source, medium, campaign]), devices, languages. Visitors of several days are summed.',
    }),
  campaigns: z
    .array(
      z.object({
        source: z.string().nullable(),
        medium: z.string().nullable(),
        campaign: z.string().nullable(),
        ...counts,
        signUps: z.number().int().min(0),
        listings: z.number().int().min(0),
      }),
    )
    .meta({
      description:
        'Campaigns (utm_*) with what they led to: members who signed up in a visit from it, and the listings those members published, in the range. The row of nulls is everything else.',
    }),
  listings: z
    .array(z.object({ kind: z.enum(listingKinds), id: z.string(), title: z.string(), ...counts }))
    .meta({ description: 'The most viewed listings, with their route or name.' }),
  vitals: z
    .array(
      z.object({
        template: z.string(),
        device: z.enum(deviceClasses),
        samples: z.number().int().min(0),
        lcp: z.number().nullable(),
        inp: z.number().nullable(),
        cls: z.number().nullable(),
        ttfb: z.number().nullable(),
      } satisfies Record<string, unknown> & Record<WebVital, unknown>),
    )
    .meta({
      description: `The 75th percentile of each Core Web Vital by page template and device class, over the days of the range whose events are kept (${trafficRules.keepEventsDays}).`,
    }),
});
export type Statistics = z.infer<typeof statisticsSchema>;
