import type { ListingKind } from '@/lib/domain';

// A card without a photo shows its route in the photo's place: an SVG drawn here and handed to the
// card as its image (a data URL), so the cards' script is the same and every card keeps one shape.

const tints: Record<ListingKind, [string, string]> = {
  package: ['#fdf3dc', '#fffaf0'],
  travel: ['#e8edf4', '#f7f9fc'],
};

const escapeXml = (text: string) =>
  text.replace(/[&<>'"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The size that fits a city's name on the 600 px wide cover. */
function fontSize(name: string): number {
  return Math.max(22, Math.min(56, Math.floor(880 / Math.max(1, [...name].length))));
}

/** Two cities, one above the other with an arrow down between them (the same in both directions). */
export function routeCover(from: string, to: string, kind: ListingKind, rtl: boolean): string {
  const [start, end] = tints[kind];
  const line = (name: string, y: number) =>
    `<text x='300' y='${y}' font-size='${fontSize(name)}'${rtl ? " direction='rtl'" : ''}>${escapeXml(name)}</text>`;
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 600 450' width='600' height='450'>` +
    `<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${start}'/><stop offset='1' stop-color='${end}'/></linearGradient></defs>` +
    `<rect width='600' height='450' fill='url(#g)'/>` +
    `<g fill='#3B5173' font-family='Inter, Cairo, system-ui, sans-serif' font-weight='800' text-anchor='middle'>` +
    line(from, 180) +
    line(to, 320) +
    `</g><path d='M300 205v50m-16-16 16 16 16-16' stroke='#8a5f00' stroke-width='6' fill='none' stroke-linecap='round' stroke-linejoin='round'/></svg>`;
  return `data:image/svg+xml,${svg.replace(/[%#<>"\n]/g, encodeURIComponent)}`;
}
