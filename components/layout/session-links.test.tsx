import { act, render, screen, waitFor } from '@testing-library/react';
import { SessionLinks, type SessionLabels } from './session-links';
import { storageKey, writeUser } from '@/lib/client/session-mirror';
import { follow } from '@/lib/client/live';

jest.mock('@/lib/client/live', () => ({ follow: jest.fn() }));

const labels: SessionLabels = {
  login: 'Connexion',
  favourites: 'Favoris',
  messages: 'Messages',
  dashboard: 'Mon espace',
  unread: 'Messages, non lus : {count}',
};

beforeEach(() => window.localStorage.clear());

it('shows the login link to guests', () => {
  render(<SessionLinks prefix="fr" variant="bar" labels={labels} />);
  expect(screen.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/fr/connexion');
});

it('follows the saved user as it changes, with the unread badge capped', () => {
  render(<SessionLinks prefix="tn" variant="bar" labels={labels} />);
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: false, unreadMessages: 7 }));
  expect(screen.getByRole('link', { name: 'Sami' })).toHaveAttribute('href', '/tn/mon-dashboard');
  expect(screen.getByRole('link', { name: 'Messages, non lus : 7' })).toHaveTextContent('7');
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: false, unreadMessages: 1000 }));
  expect(screen.getByRole('link', { name: 'Messages, non lus : 1000' })).toHaveTextContent('99+');
  act(() => writeUser(null));
  expect(window.localStorage.getItem(storageKey)).toBeNull();
  expect(screen.getByRole('link', { name: 'Connexion' })).toBeInTheDocument();
});

it('caps the mobile icon at 9 and shows nothing there to guests', () => {
  const { container, rerender } = render(<SessionLinks prefix="fr" variant="icon" labels={labels} />);
  expect(container).toBeEmptyDOMElement();
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: true, unreadMessages: 12 }));
  rerender(<SessionLinks prefix="fr" variant="icon" labels={labels} />);
  expect(screen.getByRole('link', { name: 'Messages, non lus : 12' })).toHaveTextContent('9+');
});

it('shows no favourites or messages link until their pages exist (no label given)', () => {
  const { login, dashboard } = labels;
  render(<SessionLinks prefix="fr" variant="bar" labels={{ login, dashboard }} />);
  act(() => writeUser({ id: 'u1', firstname: 'Sami', verifiedPhone: true, unreadMessages: 3 }));
  expect(screen.getByRole('link', { name: 'Sami' })).toHaveAttribute('href', '/fr/mon-dashboard');
  expect(screen.getAllByRole('link')).toHaveLength(1);
  const { container } = render(<SessionLinks prefix="fr" variant="icon" labels={{ login, dashboard }} />);
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
