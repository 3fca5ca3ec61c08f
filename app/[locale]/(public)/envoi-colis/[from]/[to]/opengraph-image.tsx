import { routeOgImage } from '@/components/og/og-routes';

export { ogSize as size } from '@/components/og/og-card';
export const contentType = 'image/png';
export const alt = 'Colibri';

export default async function Image({ params }: { params: Promise<{ locale: string; from: string; to: string }> }) {
  return routeOgImage(params);
}
