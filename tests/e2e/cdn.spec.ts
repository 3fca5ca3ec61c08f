import { expect, test } from './fixtures';
import { demo, signedInState } from './helpers';

// What the production server tells a CDN (CONTRACT.md, CDN_MAX_AGE; docs/operations.md): public
// pages a short shared lifetime and the tags of what they show, from their first answer and as
// page-cache copies; member pages and API answers stay private.

const publicCache = 'public, s-maxage=30, stale-while-revalidate=60, stale-if-error=86400';

test('public pages tell a CDN CDN_MAX_AGE and their tags, first answer and copy alike', async ({ request }) => {
  const list = await request.get('/api/user/v1/packages?limit=1');
  const [listing] = (await list.json()).data.items as { id: string }[];
  for (const [path, tags] of [
    ['/fr/colis', 'page:/colis,listings,listings:package'],
    ['/en/trajets', 'page:/trajets,listings,listings:travel'],
    [`/fr/colis/${listing!.id}`, `page:/colis/${listing!.id},listing:package:${listing!.id},listings:travel`],
    ['/tn/envoyer-colis/tunisie', 'page:/envoyer-colis/tunisie,listings'],
    ['/fr/faq', 'page:/faq'],
    ['/fr/colis?fromCountry=TN', 'page:/colis,listings,listings:package'],
  ]) {
    let copy = false;
    for (let i = 0; i < 20 && !copy; i++) {
      const answer = await request.get(path!);
      expect(answer.status(), path).toBe(200);
      const headers = answer.headers();
      expect(headers['cache-control'], path).toBe(publicCache);
      expect(headers['cache-tag'], path).toBe(tags);
      expect(headers['surrogate-key'], path).toBe(tags!.replaceAll(',', ' '));
      copy = headers['x-page-cache'] === 'HIT';
      if (!copy) await new Promise((r) => setTimeout(r, 300));
    }
    expect(copy, `${path} from the page cache`).toBe(true);
  }
});

test('member pages and API answers stay private, without tags', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await signedInState(browser, demo.sender) });
  for (const path of [
    '/fr/mon-dashboard',
    '/fr/messagerie',
    '/api/user/v1/conversations',
    '/api/user/v1/auth/session',
  ]) {
    const answer = await context.request.get(path);
    expect(answer.status(), path).toBe(200);
    const headers = answer.headers();
    expect(headers['cache-control'], path).toMatch(/\b(private|no-store)\b/);
    expect(headers['cache-control'], path).not.toContain('public');
    expect(headers['cache-tag'], path).toBeUndefined();
    expect(headers['surrogate-key'], path).toBeUndefined();
  }
  await context.close();
});
