import { RoutePage, routeMetadata } from '@/components/routes/route-page';
import { pageLocale } from '@/lib/i18n/page';
import { noParamsAtBuild } from '@/lib/i18n/static-params';

// A city pair (CONTRACT.md "Web routes"): rendered at its first request, then cached until a listing changes.
export const generateStaticParams = noParamsAtBuild;
export const revalidate = 3600;

type Props = { params: Promise<{ locale: string; from: string; to: string }> };

export async function generateMetadata({ params }: Props) {
  return routeMetadata(await params, await pageLocale(params));
}

export default async function CityPairPage({ params }: Props) {
  const locale = await pageLocale(params);
  return <RoutePage params={await params} locale={locale} />;
}
