import 'server-only';
import type { PageEventType, WebVital } from '@/lib/domain';
import { pageOfPath } from '@/lib/counted-pages';
import { prefixLocale } from '@/lib/i18n/locales';
import { listingDay } from '@/lib/listing-days';
import type { PageEventInput } from '@/lib/schemas/traffic';
import { siteUrl } from '@/lib/env';
import { hitHere } from '@/lib/server/limits';
import { metrics } from '@/lib/server/metrics.mjs';
import { deviceClass, isRobot, visitorHash } from './visitors';
import { addPageEvent, type PageEventRow } from './writer';

// What a public page reports after it has loaded (POST /page-events, sent by lib/beacon.mjs's script):
// a view, its Core Web Vitals, a share click. Counted once the visitor is neither a robot nor someone
// who asked not to be followed (Do Not Track, Global Privacy Control), on a page of lib/counted-pages.ts.

/** What the edge knows of the request, and nothing it keeps: the address and user agent only make the visitor's hash. */
export type Visit = {
  address: string;
  userAgent: string;
  /** `DNT: 1` or `Sec-GPC: 1`. */
  optedOut: boolean;
  /** A prefetch or prerender (`Sec-Purpose`, `Purpose`): nobody has seen the page yet. */
  prefetch: boolean;
  at?: Date;
};

const ownHost = new URL(siteUrl).hostname.replace(/^www\./, '');

export type PageEventOutcome = 'counted' | 'robot' | 'opted_out' | 'not_counted';

/** Records one event of a page (or leaves it, and says why); refuses more than the address's limit (429). */
export async function recordPageEvent(input: PageEventInput, visit: Visit): Promise<PageEventOutcome> {
  const outcome = await record(input, visit).catch((error: unknown) => {
    count(input.type, 'refused');
    throw error;
  });
  count(input.type, outcome);
  return outcome;
}

function count(type: PageEventType, outcome: PageEventOutcome | 'refused') {
  metrics().pageEvents.inc({ type, outcome });
}

async function record(input: PageEventInput, visit: Visit): Promise<PageEventOutcome> {
  hitHere('pageEventsPerAddress', visit.address);
  if (visit.optedOut) return 'opted_out';
  if (visit.prefetch || isRobot(visit.userAgent)) return 'robot';
  const page = pageOfPath(input.path);
  if (!page) return 'not_counted';
  const day = listingDay(visit.at ?? new Date());
  const device = deviceClass(visit.userAgent);
  const row: PageEventRow = {
    ...(visit.at ? { at: visit.at } : {}),
    day,
    type: input.type,
    template: page.template,
    path: input.path.replace(/\/+$/, '') || '/',
    locale: prefixLocale(page.prefix),
    listingKind: page.listing?.kind ?? null,
    listingId: page.listing?.id ?? null,
    device,
  };
  if (input.type === 'view') {
    row.visitor = await visitorHash(day, visit.address, visit.userAgent);
    // A link of this site is a step of the visit, not where it came from.
    row.referrer = input.referrer && input.referrer !== ownHost ? input.referrer : null;
    row.utmSource = input.campaign?.source ?? null;
    row.utmMedium = input.campaign?.medium ?? null;
    row.utmCampaign = input.campaign?.campaign ?? null;
  } else if (input.type === 'vitals') {
    const { webVitals } = metrics();
    for (const metric of ['lcp', 'inp', 'cls', 'ttfb'] as const satisfies readonly WebVital[]) {
      const value = input[metric];
      if (value === undefined) continue;
      row[metric] = value;
      webVitals[metric].observe({ template: page.template, device }, metric === 'cls' ? value : value / 1000);
    }
  } else row.network = input.network;
  addPageEvent(row);
  return 'counted';
}
