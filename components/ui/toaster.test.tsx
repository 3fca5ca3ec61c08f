import { act, render, screen, fireEvent } from '@testing-library/react';
import { Toaster } from './toaster';
import { getToasts, toast, dismissToast } from '@/lib/client/toast';

beforeEach(() => {
  jest.useFakeTimers();
  for (const t of getToasts()) dismissToast(t.id);
});
afterEach(() => jest.useRealTimers());

it('shows at most three toasts, the newest ones', () => {
  render(<Toaster regionLabel="Notifications" closeLabel="Fermer" />);
  act(() => {
    for (const n of [1, 2, 3, 4]) toast(`Message ${n}`, n === 4 ? 'error' : 'success');
  });
  expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
  expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Message 2', 'Message 3']);
  expect(screen.getByRole('alert')).toHaveTextContent('Message 4');
});

it('hides a toast after 5000 ms', () => {
  render(<Toaster regionLabel="Notifications" closeLabel="Fermer" />);
  act(() => {
    toast('Enregistré');
  });
  act(() => jest.advanceTimersByTime(4999));
  expect(screen.getByText('Enregistré')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Enregistré')).not.toBeInTheDocument();
});

it('closes a toast with its button', () => {
  render(<Toaster regionLabel="Notifications" closeLabel="Fermer" />);
  act(() => {
    toast('Erreur réseau', 'error');
  });
  fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
  expect(screen.queryByText('Erreur réseau')).not.toBeInTheDocument();
});
