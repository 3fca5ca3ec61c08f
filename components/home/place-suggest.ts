// Suggestions for the home search's city fields (./route-search.tsx), added to the server's plain
// inputs once the visitor reaches the form (./route-search-enhancer.tsx): the ARIA combobox pattern
// (a list of suggestions, arrows, Enter, Escape) on each input, from GET /places as one types,
// however the city is spelled. No React here: the form stays the server's, and this module (about a
// kilobyte) is all the home page fetches for it, when it is used. A city picked sends its gazetteer
// id beside its name (`fromId`); typing again sends the text alone.

type Suggestion = { id: number; name: string; country: string };
export type SuggestTexts = { noPlace: string };

const listClass =
  'absolute inset-x-0 top-full z-40 mt-1 max-h-72 overflow-auto rounded-lg border border-neutral-200 bg-white py-1 shadow-lg';
const optionClass = 'aria-selected:bg-secondary-light cursor-pointer px-3 py-2 text-base';

/** Every `input[data-place]` of the form becomes a combobox of places. */
export function suggestPlaces(form: HTMLElement, texts: SuggestTexts): void {
  const locale = document.documentElement.lang || 'fr';
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    regions = undefined;
  }
  const country = (code: string) => regions?.of(code) ?? code;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[data-place]'))
    combobox(input, { locale, texts, country });
}

function combobox(
  input: HTMLInputElement,
  { locale, texts, country }: { locale: string; texts: SuggestTexts; country: (code: string) => string },
) {
  const field = input.parentElement;
  if (!field || input.getAttribute('role') === 'combobox') return;
  const list = document.createElement('ul');
  list.id = `${input.id}-list`;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-labelledby', `${input.id}-label`);
  list.className = listClass;
  list.hidden = true;
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'text-muted text-sm empty:hidden';
  const picked = document.createElement('input');
  picked.type = 'hidden';
  picked.name = `${input.name}Id`;
  picked.disabled = true;
  field.append(list, status, picked);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);

  let found: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = '';

  const show = (open: boolean) => {
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (!open) {
      active = -1;
      input.removeAttribute('aria-activedescendant');
    }
  };
  const highlight = (index: number) => {
    active = index;
    list.querySelectorAll('li').forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    const option = list.children[index];
    if (option) {
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    }
  };
  const pick = (index: number) => {
    const place = found[index];
    if (!place) return;
    input.value = place.name;
    picked.value = String(place.id);
    picked.disabled = false;
    show(false);
  };
  const render = () => {
    list.replaceChildren(
      ...found.map((place, i) => {
        const option = document.createElement('li');
        option.id = `${list.id}-${i}`;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        option.className = optionClass;
        const where = document.createElement('span');
        where.className = 'text-muted';
        where.textContent = `${locale.startsWith('ar') ? '، ' : ', '}${country(place.country)}`;
        option.append(place.name, where);
        option.addEventListener('pointerdown', (event) => event.preventDefault()); // the input keeps the focus
        option.addEventListener('click', () => pick(i));
        return option;
      }),
    );
    show(found.length > 0);
  };
  const search = () => {
    const q = input.value.trim();
    asked = q;
    if (q.length < 2) {
      found = [];
      status.textContent = '';
      render();
      return;
    }
    fetch(`/api/user/v1/places?q=${encodeURIComponent(q)}`, { headers: { 'x-locale': locale } })
      .then((response) => response.json() as Promise<{ success: boolean; data?: Suggestion[] }>)
      .then((answer) => {
        if (asked !== q || document.activeElement !== input) return;
        found = answer.success ? (answer.data ?? []) : [];
        status.textContent = found.length ? '' : texts.noPlace;
        render();
      })
      .catch(() => undefined);
  };

  input.addEventListener('input', () => {
    picked.disabled = true;
    clearTimeout(timer);
    timer = setTimeout(search, 150);
  });
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!found.length) return;
      event.preventDefault();
      if (!open) show(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      highlight((active + step + found.length) % found.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      show(false);
    }
  });
  input.addEventListener('blur', () => show(false));
  // What was typed before this module came.
  if (document.activeElement === input && input.value.trim().length >= 2) search();
}
