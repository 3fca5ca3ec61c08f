import { expect, test, type APIRequestContext } from './fixtures';
import { linkIn, waitForOutbox } from './helpers';

// Blocking from a conversation: the blocker's browser, the other member through the API. Each member
// is made through the API (a client address of its own: the tests act as a trusted proxy), with a
// verified phone (proposing needs one).

let clients = 0;
const client = () => ({ 'x-forwarded-for': `198.18.${(process.pid % 200) + 50}.${++clients % 250}` });
const day = 24 * 3600 * 1000;

async function api(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const answer = await request.fetch(`/api/user/v1/${path}`, { method, data, headers: client() });
  return { status: answer.status(), json: await answer.json() };
}

/** A confirmed member with a verified phone, signed in in `request`'s context. */
async function trader(request: APIRequestContext, label: string, firstname: string) {
  const email = `${label}-${Date.now()}-${clients}@test.colibri.tn`;
  await api(request, 'POST', 'auth/sign-up', {
    firstname,
    lastname: 'Trabelsi',
    email,
    password: 'secret12',
    confirmPassword: 'secret12',
    birthDate: '1991-02-02',
    acceptTerms: true,
  });
  const link = new URL(linkIn((await waitForOutbox(email)).text), 'http://localhost');
  const id = link.pathname.split('/').at(-1)!;
  await api(request, 'POST', `users/${id}/confirm-email`, {
    token: link.searchParams.get('token'),
    password: 'secret12',
  });
  expect((await api(request, 'POST', 'auth/sign-in', { email, password: 'secret12' })).status).toBe(200);
  const phone = `+2165${String(Date.now() + clients).slice(-7)}`;
  await api(request, 'POST', `users/${id}/confirm-phone`, { phone });
  const code = Number(/\b(\d{6})\b/.exec((await waitForOutbox(phone)).text)![1]);
  expect((await api(request, 'POST', `users/${id}/validate-code`, { confirmationPhoneCode: code })).status).toBe(200);
  return { id, email };
}

test('blocking from a conversation stops new messages and proposals both ways', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await trader(page.context().request, 'blocker', 'Sonia');
  const otherContext = await browser.newContext();
  await trader(otherContext.request, 'pest', 'Fares');
  const parcel = await api(page.context().request, 'POST', 'packages', {
    name: 'Livres',
    from: { city: 'Tunis' },
    to: { city: 'Paris' },
    startedAt: new Date(Date.now() + 3 * day).toISOString(),
    endedAt: new Date(Date.now() + 6 * day).toISOString(),
    weightKg: 3,
    pricePerKg: 12,
    currency: 'EUR',
  });
  const opened = await api(otherContext.request, 'POST', 'conversations', {
    listingKind: 'package',
    listingId: parcel.json.data.id,
    body: 'Bonjour, toujours disponible ?',
  });
  const conversationId = opened.json.data.id as string;

  await page.goto(`/fr/messagerie?conversation=${conversationId}`);
  const thread = page.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByText('Bonjour, toujours disponible ?')).toBeVisible();
  await thread.getByLabel('Plus d’actions').click();
  await thread.getByRole('button', { name: 'Bloquer Fares' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquer Fares ?' });
  await expect(dialog).toContainText('Fares ne pourra plus vous écrire ni vous proposer de prix');
  await dialog.getByRole('button', { name: 'Bloquer', exact: true }).click();
  await expect(thread.getByText('Vous avez bloqué Fares : cette conversation est fermée.')).toBeVisible();
  await expect(thread.getByRole('textbox', { name: 'Votre message' })).toHaveCount(0);

  // Both ways: no message, no proposal.
  for (const [request, method, path, data] of [
    [otherContext.request, 'POST', `conversations/${conversationId}/messages`, { body: 'Allô ?' }],
    [otherContext.request, 'POST', 'proposals', { listingKind: 'package', listingId: parcel.json.data.id, amount: 30 }],
    [page.context().request, 'POST', `conversations/${conversationId}/messages`, { body: 'Non.' }],
  ] as const) {
    const refused = await api(request, method, path, data);
    expect([refused.status, refused.json.error.code]).toEqual([403, 'MEMBER_BLOCKED']);
  }

  // The blocked list in parametres, and unblocking there.
  await page.goto('/fr/parametres#bloques');
  const section = page.locator('#bloques');
  await expect(section.getByText('Fares T.')).toBeVisible();
  await section.getByRole('button', { name: 'Débloquer Fares T.' }).click();
  await expect(section.getByText('Vous n’avez bloqué personne.')).toBeVisible();
  expect(
    (await api(otherContext.request, 'POST', `conversations/${conversationId}/messages`, { body: 'Merci.' })).status,
  ).toBe(200);
  await otherContext.close();
});
