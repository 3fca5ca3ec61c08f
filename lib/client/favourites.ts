// The signed-in member's favourites, for the hearts of a page (components/listings/favourite-heart.tsx):
// read once per member and page load from the API, changed optimistically. Public pages stay the same
// for everyone: their hearts learn what is saved here, in the browser.

type Kind = 'package' | 'travel';
const collections: Record<Kind, string> = { package: 'packages', travel: 'travels' };

let saved: ReadonlySet<string> | null = null;
let owner: string | null = null;
/** Changes made on screen while the list was on its way: they win over it. */
const changed = new Map<string, boolean>();
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

export function subscribeFavourites(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved listings as `kind:id`, or null until they are known. */
export function savedFavourites(): ReadonlySet<string> | null {
  return saved;
}

async function call(method: string, path: string): Promise<{ success: boolean; data?: unknown }> {
  const response = await fetch(`/api/user/v1/${path}`, { method, credentials: 'include' });
  return (await response.json()) as { success: boolean; data?: unknown };
}

/** Reads the member's favourites (once per member). */
export function loadFavourites(userId: string): void {
  if (owner === userId) return;
  owner = userId;
  saved = null;
  changed.clear();
  call('GET', 'favourites/ids')
    .then((answer) => {
      if (owner !== userId || !answer.success) return;
      const { items } = answer.data as { items: { kind: Kind; id: string }[] };
      const next = new Set(items.map((item) => `${item.kind}:${item.id}`));
      for (const [key, on] of changed)
        if (on) next.add(key);
        else next.delete(key);
      saved = next;
      emit();
    })
    .catch(() => {
      if (owner === userId) owner = null;
    });
}

/** Saves or removes a listing at once on screen; false (and undone) when the API refused. */
export async function setFavourite(kind: Kind, id: string, on: boolean): Promise<boolean> {
  const key = `${kind}:${id}`;
  const apply = (value: boolean) => {
    changed.set(key, value);
    const next = new Set(saved ?? []);
    if (value) next.add(key);
    else next.delete(key);
    saved = next;
    emit();
  };
  apply(on);
  try {
    const answer = await call(on ? 'PUT' : 'DELETE', `${collections[kind]}/${encodeURIComponent(id)}/favourite`);
    if (answer.success) return true;
  } catch {
    // offline: undone below
  }
  apply(!on);
  return false;
}
