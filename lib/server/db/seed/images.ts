import sharp from 'sharp';

// The demo's package photos: a drawn parcel on a coloured background with the item's label (three
// designs a label), rendered to WebP.

const PALETTES: [string, string, string][] = [
  ['#D19209', '#F2C14E', '#3B5173'],
  ['#3B5173', '#5C7AA6', '#F2C14E'],
  ['#2F7D6D', '#6FB3A0', '#FDF6E3'],
  ['#B5523B', '#E08E6D', '#FDF6E3'],
  ['#5B4B8A', '#9C8ADE', '#F2C14E'],
  ['#1F6F8B', '#99C5D8', '#FFFFFF'],
];

function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function imageSvg(label: string, variant: number, palette: [string, string, string]): string {
  const [dark, light, accent] = palette;
  const box = (x: number, y: number, s: number) => `
    <g transform="translate(${x} ${y}) scale(${s})">
      <polygon points="-150,-40 0,-100 150,-40 0,20" fill="#E9B96E"/>
      <polygon points="-150,-40 0,20 0,180 -150,120" fill="#C98D3A"/>
      <polygon points="150,-40 0,20 0,180 150,120" fill="#A8732B"/>
      <polygon points="-85,-66 -60,-76 85,-16 60,-6" fill="#F5DEB3"/>
      <polygon points="60,-6 85,-16 85,64 60,74" fill="#F5DEB3" opacity="0.85"/>
    </g>`;
  const shapes =
    variant === 0
      ? `<circle cx="130" cy="110" r="90" fill="#fff" fill-opacity="0.12"/><circle cx="690" cy="480" r="140" fill="#fff" fill-opacity="0.10"/>${box(400, 260, 1)}`
      : variant === 1
        ? `<rect x="60" y="60" width="680" height="400" rx="28" fill="#fff" fill-opacity="0.10"/>${box(280, 250, 0.8)}${box(530, 290, 0.6)}`
        : `<circle cx="250" cy="250" r="170" fill="${accent}" fill-opacity="0.35"/><circle cx="520" cy="230" r="130" fill="#fff" fill-opacity="0.18"/><rect x="380" y="300" width="260" height="160" rx="18" fill="${accent}" fill-opacity="0.30"/>${box(400, 250, 0.7)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  ${shapes}
  <text x="400" y="555" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="46" font-weight="700" fill="#fff" text-anchor="middle">${xmlEscape(label)}</text>
</svg>`;
}

/** A label and a design (0 to 2) → a WebP photo of 800 × 600; each one is rendered once. */
export function photoRenderer(): (label: string, variant: number) => Promise<Buffer> {
  const designs = new Map<string, Promise<Buffer>>();
  return (label, variant) => {
    const key = `${label}|${variant}`;
    let buffer = designs.get(key);
    if (!buffer) {
      const hash = [...label].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
      const palette = PALETTES[(hash + variant) % PALETTES.length]!;
      buffer = sharp(Buffer.from(imageSvg(label, variant, palette)))
        .webp({ quality: 70 })
        .toBuffer();
      designs.set(key, buffer);
    }
    return buffer;
  };
}
