import localFont from 'next/font/local';

export const latinFont = localFont({
  src: '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-latin',
  display: 'swap',
  preload: false,
});

export const arabicFont = localFont({
  src: '../node_modules/@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2',
  weight: '200 1000',
  variable: '--font-arabic',
  // Arabic text reflows a lot between a fallback and Cairo: fetch it early, and never swap late
  // (a page that misses the short block period keeps the fallback, with no layout shift).
  display: 'optional',
  preload: true,
});
