import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { DateInput } from './date-input';

// A native date or time input whose value is shown in the page's language: the form still holds the
// ISO value, react-hook-form's register still works, and the browser's own text comes back while typing.

const FSI = '\u2068';
const PDI = '\u2069';

function RegisteredForm({ onValues }: { onValues: (values: { day: string }) => void }) {
  const form = useForm({ defaultValues: { day: '2027-03-12' } });
  return (
    <form onSubmit={form.handleSubmit(onValues)}>
      <label htmlFor="day">Day</label>
      <DateInput id="day" placeholder="Choose a date" {...form.register('day')} />
      <button type="submit">Send</button>
      <button type="button" onClick={() => form.reset({ day: '' })}>
        Clear
      </button>
    </form>
  );
}

const face = (container: HTMLElement) => container.querySelector('[aria-hidden="true"]')?.textContent;

afterEach(() => {
  document.documentElement.lang = '';
});

it('shows a registered default value in the page language, and submits what is picked as YYYY-MM-DD', async () => {
  document.documentElement.lang = 'fr';
  const values: { day: string }[] = [];
  const { container } = render(<RegisteredForm onValues={(v) => values.push(v)} />);
  const input = screen.getByLabelText('Day');
  expect(input).toHaveAttribute('type', 'date');
  expect(face(container)).toBe('12 mars 2027');
  fireEvent.change(input, { target: { value: '2027-08-01' } });
  expect(face(container)).toBe('1 août 2027');
  await act(async () => fireEvent.click(screen.getByText('Send')));
  expect(values).toEqual([{ day: '2027-08-01' }]);
  await act(async () => fireEvent.click(screen.getByText('Clear')));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(face(container)).toBe('Choose a date');
});

it('writes Tunisian month names on /tn pages, isolated, and a 24-hour time', () => {
  document.documentElement.lang = 'ar-TN';
  const { container } = render(
    <>
      <DateInput name="after" defaultValue="2027-01-05" />
      <DateInput kind="time" name="from" value="22:00" onChange={() => {}} />
    </>,
  );
  const faces = [...container.querySelectorAll('[aria-hidden="true"]')].map((node) => node.textContent);
  expect(faces).toEqual([`${FSI}5 جانفي 2027${PDI}`, `${FSI}22:00${PDI}`]);
  expect(container.querySelector('input[name="from"]')).toHaveAttribute('type', 'time');
});

it('shows the browser text while a key is typed in the field, and its own when the field is left', () => {
  document.documentElement.lang = 'en';
  const { container } = render(<DateInput aria-label="Day" name="day" defaultValue="2027-03-12" />);
  const input = screen.getByLabelText('Day');
  expect(face(container)).toBe('12 March 2027');
  fireEvent.keyDown(input, { key: 'Tab' });
  expect(face(container)).toBe('12 March 2027');
  fireEvent.keyDown(input, { key: '1' });
  expect(face(container)).toBeUndefined();
  fireEvent.blur(input);
  expect(face(container)).toBe('12 March 2027');
});

it('renders the plain input on the server (no face until the script has run)', () => {
  const html = renderToString(<DateInput name="after" defaultValue="2027-03-12" />);
  expect(html).toContain('type="date"');
  expect(html).toContain('value="2027-03-12"');
  expect(html).not.toContain('aria-hidden');
});
