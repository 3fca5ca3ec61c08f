import { listingOgImage } from '@/components/og/og-routes';

export { ogSize as size } from '@/components/og/og-card';
export const contentType = 'image/jpeg';
export const alt = 'Colibri';

export default async function Image({ params }: { params: Promise<{ locale: string; travelId: string }> }) {
  return listingOgImage('travel', params, (await params).travelId);
}
