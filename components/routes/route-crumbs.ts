import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Crumb } from '@/components/content/breadcrumbs';
import type { Locale } from '@/lib/i18n/locales';
import { landingOfCountry } from '@/lib/landing';
import { placeName, placeSlug, type Place } from '@/lib/places';
import { routePagePath } from '@/lib/routes';

/**
 * The trail to a route page (home → country → route), which a listing's page continues: the
 * country is the landing page of the destination, else of the departure, when the marketplace
 * serves it.
 */
export async function routeCrumbs(route: { from: Place; to: Place }, locale: Locale): Promise<Crumb[]> {
  const common = await getTranslations({ locale, namespace: 'Common' });
  const landing = await getTranslations({ locale, namespace: 'Landing' });
  const countries = await getTranslations({ locale, namespace: 'Countries' });
  const l = await getTranslations({ locale, namespace: 'Listings' });
  const country = landingOfCountry(route.to.country) ?? landingOfCountry(route.from.country);
  return [
    { name: common('home'), path: '' },
    ...(country
      ? [
          {
            name: landing('kinds.envoyer.heading', { country: countries(country.slug) }),
            path: `/envoyer-colis/${country.slug}`,
          },
        ]
      : []),
    {
      name: l('route', { from: placeName(route.from, locale), to: placeName(route.to, locale) }),
      path: routePagePath(placeSlug(route.from), placeSlug(route.to)),
    },
  ];
}
