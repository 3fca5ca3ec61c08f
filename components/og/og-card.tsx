import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';

// Open Graph images (1200×630), drawn from a listing's or a page's own data in the page's language.

export const ogSize = { width: 1200, height: 630 };

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[]> | undefined;

function loadFonts() {
  const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', '@fontsource', 'cairo', 'files');
  fonts ??= Promise.all(
    (['latin', 'arabic'] as const).flatMap((subset) =>
      ([400, 700] as const).map(async (weight) => ({
        name: subset === 'arabic' ? 'CairoArabic' : 'Cairo',
        data: await readFile(path.join(dir, `cairo-${subset}-${weight}-normal.woff`)),
        weight,
        style: 'normal' as const,
      })),
    ),
  );
  return fonts;
}

/**
 * Satori shapes Arabic letters but lays words out left to right: for right-to-left text we hand it
 * the words in visual order (and drop bidi marks it would draw as boxes). Whether a line is
 * right-to-left is read from its letters, not the page's language: a listing named in Arabic on a
 * French page, or in French on an Arabic one.
 */
function visual(text: string): string {
  const clean = text.replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '');
  return /[\u0600-\u06ff]/.test(clean) ? clean.split(' ').reverse().join(' ') : clean;
}

function Arrow({ rtl }: { rtl: boolean }) {
  return (
    <svg
      width="64"
      height="48"
      viewBox="0 0 24 18"
      style={rtl ? { margin: '0 24px', transform: 'scaleX(-1)' } : { margin: '0 24px' }}
    >
      <path
        d="M2 9h18M14 3l6 6-6 6"
        stroke="#f3c453"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type Title = string | { from: string; to: string };

export async function ogImage({
  eyebrow,
  title,
  lines,
  badge,
  rtl,
  photo,
}: {
  eyebrow: string;
  title: Title;
  lines: string[];
  badge?: string;
  rtl: boolean;
  /** A listing's cover photo (a JPEG data URL of the card's size), drawn under a dark veil. */
  photo?: string | null;
}) {
  const heading =
    typeof title === 'string' ? (
      visual(title)
    ) : (
      <div style={{ display: 'flex', alignItems: 'center', flexDirection: rtl ? 'row-reverse' : 'row' }}>
        <span>{visual(title.from)}</span>
        <Arrow rtl={rtl} />
        <span>{visual(title.to)}</span>
      </div>
    );
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 64,
        background: 'linear-gradient(135deg, #3B5173 0%, #2a3b55 100%)',
        color: 'white',
        fontFamily: rtl ? 'CairoArabic, Cairo' : 'Cairo, CairoArabic',
      }}
    >
      {photo ? (
        // eslint-disable-next-line @next/next/no-img-element -- Satori draws plain elements
        <img
          src={photo}
          alt=""
          width={ogSize.width}
          height={ogSize.height}
          style={{ position: 'absolute', top: 0, left: 0 }}
        />
      ) : null}
      {photo ? (
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: ogSize.width,
            height: ogSize.height,
            background:
              'linear-gradient(0deg, rgba(28,36,48,0.94) 0%, rgba(28,36,48,0.6) 55%, rgba(28,36,48,0.35) 100%)',
          }}
        />
      ) : null}
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 20,
          flexDirection: rtl ? 'row-reverse' : 'row',
          justifyContent: rtl ? 'flex-end' : 'flex-start',
        }}
      >
        <div style={{ width: 64, height: 64, borderRadius: 32, background: '#D19209', display: 'flex' }} />
        <div style={{ fontSize: 40, fontWeight: 700 }}>{visual(eyebrow)}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12, alignItems: rtl ? 'flex-end' : 'flex-start' }}>
        <div
          style={{
            display: 'flex',
            fontSize: 72,
            fontWeight: 700,
            lineHeight: 1.15,
            textAlign: rtl ? 'right' : 'left',
          }}
        >
          {heading}
        </div>
        {lines.map((line) => (
          <div key={line} style={{ fontSize: 38, color: '#f3c453', textAlign: rtl ? 'right' : 'left' }}>
            {visual(line)}
          </div>
        ))}
      </div>
      {badge ? (
        <div style={{ display: 'flex', justifyContent: rtl ? 'flex-start' : 'flex-end' }}>
          <div
            style={{
              background: '#D19209',
              color: '#1c2430',
              fontSize: 44,
              fontWeight: 700,
              padding: '12px 32px',
              borderRadius: 999,
            }}
          >
            {visual(badge)}
          </div>
        </div>
      ) : null}
    </div>,
    { ...ogSize, fonts: await loadFonts() },
  );
}
