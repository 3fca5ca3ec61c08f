import { LandingPage, landingMetadata } from '@/components/landing/landing-page';
import { pageLocale } from '@/lib/i18n/page';
import { noParamsAtBuild } from '@/lib/i18n/static-params';

export const generateStaticParams = noParamsAtBuild;
export const revalidate = 3600;

type Props = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: Props) {
  return landingMetadata('envoyer-colis', (await params).slug, await pageLocale(params));
}

export default async function Landing({ params }: Props) {
  return <LandingPage prefix="envoyer-colis" slug={(await params).slug} locale={await pageLocale(params)} />;
}
