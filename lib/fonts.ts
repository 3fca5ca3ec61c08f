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
  display: 'swap',
  preload: false,
});
