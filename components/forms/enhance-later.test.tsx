import { act, fireEvent, render, screen } from '@testing-library/react';
import { enhanceLater, type Typed } from './enhance-later';

// A form served as HTML, whose live part comes later: what the visitor typed and where the focus was
// carry over to the live part.

function ServerForm() {
  return (
    <form>
      <label htmlFor="city">City</label>
      <input id="city" name="city" defaultValue="Tunis" />
      <label htmlFor="weight">Weight</label>
      <input id="weight" name="weight" />
    </form>
  );
}

function LiveForm({ typed, title }: { title: string } & Typed) {
  return (
    <form aria-label={title}>
      <label htmlFor="city">City</label>
      <input id="city" name="city" defaultValue={typed.city} />
      <label htmlFor="weight">Weight</label>
      <input id="weight" name="weight" defaultValue={typed.weight} />
    </form>
  );
}

let idle: (() => void) | undefined;
beforeEach(() => {
  idle = undefined;
  window.requestIdleCallback = (callback) => {
    idle = () => callback({ didTimeout: false, timeRemaining: () => 50 });
    return 1;
  };
  window.cancelIdleCallback = () => {
    idle = undefined;
  };
});

function setUp() {
  let loads = 0;
  const Enhanced = enhanceLater(async () => {
    loads += 1;
    return LiveForm;
  });
  render(
    <Enhanced live={{ title: 'live' }}>
      <ServerForm />
    </Enhanced>,
  );
  return { loads: () => loads };
}

describe('enhanceLater', () => {
  it('shows the server’s form until the browser is idle, then the live part', async () => {
    const { loads } = setUp();
    expect(screen.queryByRole('form', { name: 'live' })).toBeNull();
    expect(screen.getByLabelText('City')).toHaveValue('Tunis');
    expect(loads()).toBe(0);
    await act(async () => idle?.());
    expect(screen.getByRole('form', { name: 'live' })).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Tunis');
    expect(loads()).toBe(1);
  });

  it('comes as soon as the visitor reaches the form, with what was typed and the focus kept', async () => {
    const { loads } = setUp();
    const weight = screen.getByLabelText('Weight') as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Sfax' } });
    weight.focus();
    fireEvent.change(weight, { target: { value: '12' } });
    weight.setSelectionRange(1, 1);
    await act(async () => {
      fireEvent.focusIn(weight);
    });
    const live = screen.getByRole('form', { name: 'live' });
    expect(live).toBeInTheDocument();
    const liveWeight = screen.getByLabelText('Weight') as HTMLInputElement;
    expect(liveWeight).not.toBe(weight);
    expect(screen.getByLabelText('City')).toHaveValue('Sfax');
    expect(liveWeight).toHaveValue('12');
    expect(liveWeight).toHaveFocus();
    expect(liveWeight.selectionStart).toBe(1);
    // The idle moment after that loads nothing more.
    await act(async () => idle?.());
    expect(loads()).toBe(1);
  });
});
