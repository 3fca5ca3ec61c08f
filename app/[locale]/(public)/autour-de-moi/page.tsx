import { getTranslations } from 'next-intl/server';
import { breadcrumbJsonLd, JsonLd } from '@/components/content/json-ld';
import { PageIntro } from '@/components/content/prose';
import { ControlsView } from '@/components/nearby/controls-view';
import { Nearby } from '@/components/nearby/nearby';
import { offerView, summaryLine, type NearbySettings } from '@/components/nearby/offer-view';
import { nearbyTexts } from '@/components/nearby/texts';
import { NearbyLayout, ResultsView, StaticMapNote } from '@/components/nearby/results-view';
import { defaultTimeZone, listingKinds, nearbyLimit, nearbyRadiusKm, nearbyTypes } from '@/lib/domain';
import { fill } from '@/lib/intl-format';
import { mapConfig } from '@/lib/env';
import { isRtl, localePrefix } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import { localPath } from '@/lib/i18n/paths';
import { contentMetadata } from '@/lib/i18n/metadata';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { noParamsAtBuild } from '@/lib/i18n/static-params';
import { placeName } from '@/lib/places';
import { cachedNearby } from '@/lib/server/public/cached';
import { defaultNearbyPlace } from '@/lib/server/public/nearby';
import { listingPath } from '@/lib/routes';
import { pageUrl } from '@/lib/seo';

// The map of offers around me: the offers around the default place (Tunis) are in the first HTML, as
// a list; the browser then looks where the visitor asks (position or city) and draws the map. Cached
// like the lists, and expired by the same tags when a listing changes.
export const generateStaticParams = noParamsAtBuild;
export const revalidate = 3600;
export const generateMetadata = contentMetadata('Nearby', 'autour-de-moi');

export default async function AroundMePage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Nearby');
  const common = await getTranslations('Common');
  const messages = await loadMessages(locale);
  const place = defaultNearbyPlace();
  const query = {
    lat: place.lat,
    lng: place.lng,
    radius: nearbyRadiusKm.default,
    type: 'all',
    limit: nearbyLimit.default,
  } as const;
  const answer = await cachedNearby(query, locale);
  const nearby = await getTranslations({ locale, namespace: 'Nearby' });
  // The browser fills plain placeholders, not ICU plurals: "only the nearest N" is always the page's limit.
  const texts = { ...nearbyTexts(messages), more: nearby('more', { count: nearbyLimit.default }) };
  const settings: NearbySettings = {
    prefix: localePrefix(locale),
    rtl: isRtl(locale),
    radii: nearbyRadiusKm.choices,
    types: nearbyTypes,
    timeZone: defaultTimeZone,
    hrefs: Object.fromEntries(
      listingKinds.map((kind) => [kind, localPath(locale, listingPath({ kind, id: '' }))]),
    ) as NearbySettings['hrefs'],
  };
  const name = placeName(place, locale);
  const views = answer.items.map((offer) => offerView(offer, texts, locale, defaultTimeZone, settings.hrefs));
  const summary = summaryLine(texts, locale, {
    type: query.type,
    radius: query.radius,
    place: name,
    count: views.length,
    more: answer.more,
  });
  return (
    <>
      <PageIntro wide title={t('title')} intro={t('intro')} />
      <Nearby
        locale={locale}
        texts={texts}
        settings={settings}
        map={mapConfig()}
        initial={{
          place: { name, lat: place.lat, lng: place.lng },
          radius: query.radius,
          type: query.type,
          views,
          more: answer.more,
        }}
      >
        <NearbyLayout
          controls={
            <ControlsView texts={texts} settings={settings} locale={locale} radius={query.radius} type={query.type} />
          }
          results={
            <ResultsView
              title={texts.listTitle}
              summary={summary}
              offers={views}
              empty={texts.empty}
              map={<StaticMapNote loading={texts.mapLoading} noScript={fill(texts.mapNeedsScript, { place: name })} />}
            />
          }
        />
      </Nearby>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          ...breadcrumbJsonLd([
            { name: common('home'), url: pageUrl(locale, '') },
            { name: t('title'), url: pageUrl(locale, 'autour-de-moi') },
          ]),
        }}
      />
    </>
  );
}
