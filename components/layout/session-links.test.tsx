import { act, render, screen, waitFor } from '@testing-library/react';
import { SessionLinks, type SessionLabels } from './session-links';
import { storageKey, writeUser } from '@/lib/client/session-mirror';
import { follow } from '@/lib/client/live';

jest.mock('@/lib/client/live', () => ({ follow: jest.fn() }));
const router = { push: jest.fn(), refresh: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));

const labels: SessionLabels = {
  login: 'Connexion',
  favourites: 'Favoris',
  messages: 'Messages',
  dashboard: 'Mon espace',
  unread: 'Messages, non lus : {count}',
  account: {
    label: 'Mon compte',
    current: 'Mon compte : {name}',
    profile: 'Mon profil',
    settings: 'Paramètres',
    signOut: 'Se déconnecter',
    signedOut: 'Vous êtes déconnecté.',
    network: 'Réseau indisponible',
  },
};

beforeEach(() => window.localStorage.clear());

it('shows the login link to guests', () => {
  render(<SessionLinks prefix="fr" variant="bar" labels={labels} />);
  expect(screen.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/fr/connexion');
});

it('follows the saved user as it changes, with the unread badge capped', async () => {
  render(<SessionLinks prefix="tn" variant="bar" labels={labels} />);
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: false, unreadMessages: 7 }));
  // The member's part loads once someone is signed in.
  expect(await screen.findByText('Sami')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Mon espace' })).toHaveAttribute('href', '/tn/mon-dashboard');
  expect(screen.getByRole('link', { name: 'Mon profil' })).toHaveAttribute('href', '/tn/profil/u1');
  expect(screen.getByRole('link', { name: 'Messages, non lus : 7' })).toHaveTextContent('7');
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: false, unreadMessages: 1000 }));
  expect(screen.getByRole('link', { name: 'Messages, non lus : 1000' })).toHaveTextContent('99+');
  act(() => writeUser(null));
  expect(window.localStorage.getItem(storageKey)).toBeNull();
  expect(screen.getByRole('link', { name: 'Connexion' })).toBeInTheDocument();
});

it('caps the mobile icon like the rest and shows nothing there to guests', async () => {
  const { container, rerender } = render(<SessionLinks prefix="fr" variant="icon" labels={labels} />);
  expect(container).toBeEmptyDOMElement();
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: true, unreadMessages: 120 }));
  rerender(<SessionLinks prefix="fr" variant="icon" labels={labels} />);
  expect(await screen.findByRole('link', { name: 'Messages, non lus : 120' })).toHaveTextContent('99+');
});

it('shows no favourites or messages link until their pages exist (no label given)', async () => {
  const { login, dashboard, account } = labels;
  render(<SessionLinks prefix="fr" variant="bar" labels={{ login, dashboard, account }} />);
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: true, unreadMessages: 3 }));
  await screen.findByText('Sami');
  expect(screen.queryByRole('link', { name: /Messages|Favoris/ })).toBeNull();
  expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
    '/fr/mon-dashboard',
    '/fr/profil/u1',
    '/fr/parametres',
  ]);
  const { container } = render(<SessionLinks prefix="fr" variant="icon" labels={{ login, dashboard, account }} />);
  expect(container).toBeEmptyDOMElement();
});

it('logs and ignores a corrupt saved user', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  window.localStorage.setItem(storageKey, '{"id": 42');
  render(<SessionLinks prefix="fr" variant="bar" labels={labels} />);
  expect(screen.getByRole('link', { name: 'Connexion' })).toBeInTheDocument();
  expect(error).toHaveBeenCalledWith(expect.stringContaining('Could not parse the saved user'), expect.anything());
  error.mockRestore();
});

it('loads the live stream for a signed-in user only, and lets it go at sign-out', async () => {
  const followed = jest.mocked(follow);
  followed.mockClear();
  render(<SessionLinks prefix="fr" variant="bar" labels={labels} />);
  await act(async () => {});
  expect(followed).not.toHaveBeenCalledWith(expect.any(String));
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: true, unreadMessages: 0 }));
  await waitFor(() => expect(followed).toHaveBeenLastCalledWith('u1'));
  act(() => writeUser(null));
  await waitFor(() => expect(followed).toHaveBeenLastCalledWith(undefined));
});

it('signs out from the account menu: the server session ends, the header shows the login link, home with a toast', async () => {
  const calls: Array<[string, RequestInit | undefined]> = [];
  // jsdom has neither fetch nor Response: a stand-in that answers what lib/client/api.ts reads, `json()`.
  Object.assign(global, {
    fetch: jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([String(input), init]);
      return { json: async () => ({ success: true, data: null }) };
    }),
  });
  render(<SessionLinks prefix="ar" variant="bar" labels={labels} />);
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: true, unreadMessages: 0 }));
  const signOut = await screen.findByRole('button', { name: 'Se déconnecter' });
  await act(async () => signOut.click());
  await waitFor(() => expect(screen.getByRole('link', { name: 'Connexion' })).toBeInTheDocument());
  expect(calls).toHaveLength(1);
  expect(calls[0]?.[0]).toBe('/api/user/v1/auth/sign-out');
  expect(calls[0]?.[1]?.method).toBe('POST');
  expect((calls[0]?.[1]?.headers as Record<string, string>)['x-locale']).toBe('ar');
  expect(window.localStorage.getItem(storageKey)).toBeNull();
  expect(router.push).toHaveBeenCalledWith('/ar');
});
