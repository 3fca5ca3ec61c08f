/** @jest-environment node */
import { contentSecurityPolicy, imageOriginsOf, securityHeaders } from '@/lib/server/http/security-headers.mjs';

// With S3_PUBLIC_URL, pages point public photos at it, /uploads redirects there, and the pages'
// Content-Security-Policy lets images come from its origin (lib/server/storage, app/uploads).

jest.mock('@/lib/env', () => ({
  env: { S3_PUBLIC_URL: 'https://cdn.example.org/public/', S3_REGION: 'us-east-1' },
  siteUrl: 'https://colibri.tn',
}));
jest.mock('@/lib/server/db/client', () => ({ dataDir: () => '/nowhere' }));

it('a public file’s URL is on S3_PUBLIC_URL, in the width asked for', async () => {
  const { publicFileUrl } = await import('@/lib/server/storage');
  expect(publicFileUrl('packages/p1/0-ab.webp')).toBe('https://cdn.example.org/public/packages/p1/0-ab.webp');
  expect(publicFileUrl('packages/p1/0-ab.webp', { width: 600 })).toBe(
    'https://cdn.example.org/public/packages/p1/0-ab-600.webp',
  );
  expect(publicFileUrl('avatars/u1/x.webp', { absolute: true })).toBe(
    'https://cdn.example.org/public/avatars/u1/x.webp',
  );
});

it('/uploads redirects there, in the width asked for; a key of no file of ours is a 404', async () => {
  const { GET } = await import('@/app/uploads/[...key]/route');
  const get = (key: string, query = '') =>
    GET(new Request(`https://colibri.tn/uploads/${key}${query}`), { params: Promise.resolve({ key: key.split('/') }) });
  const answer = await get('packages/p1/0-ab.webp', '?w=240');
  expect(answer.status).toBe(302);
  expect(answer.headers.get('location')).toBe('https://cdn.example.org/public/packages/p1/0-ab-240.webp');
  expect((await get('packages/p1/0-ab.webp', '?w=999')).headers.get('location')).toBe(
    'https://cdn.example.org/public/packages/p1/0-ab.webp',
  );
  expect((await get('../secret.webp')).status).toBe(404);
});

it('images may come from that origin, on public and member pages alike', () => {
  const images = imageOriginsOf('https://cdn.example.org/public/');
  expect(images).toEqual(['https://cdn.example.org']);
  expect(imageOriginsOf(undefined)).toEqual([]);
  expect(contentSecurityPolicy({ https: true, nonce: 'n', images })).toContain(
    "img-src 'self' data: blob: https://cdn.example.org;",
  );
  expect(
    securityHeaders({ https: true, path: '/fr/colis', imageOrigins: images })['content-security-policy'],
  ).toContain("img-src 'self' data: blob: https://cdn.example.org;");
});

it('a member screen’s policy, written by the proxy with its nonce, allows that origin too', async () => {
  const { NextRequest } = await import('next/server');
  const { proxy } = await import('@/proxy');
  const response = proxy(
    new NextRequest('http://localhost:3000/fr/parametres', {
      headers: { cookie: 'better-auth.session_token=x' },
    }),
  );
  expect(response.headers.get('content-security-policy')).toContain(
    "img-src 'self' data: blob: https://cdn.example.org;",
  );
});
