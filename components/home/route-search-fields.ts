// The home page's route search, shared by its plain form (./route-search.tsx) and the form that
// takes its place once the visitor reaches it (./route-search-live.tsx): the same ids (the focus
// goes back to the field it was in), the same look.

export const searchIds = { from: 'search-from', to: 'search-to', date: 'search-date' } as const;

export type RouteSearchTexts = {
  from: string;
  to: string;
  placeholder: string;
  date: string;
  role: string;
  send: string;
  sendHint: string;
  travel: string;
  travelHint: string;
  submit: string;
  noPlace: string;
  network: string;
};

export const searchClasses = {
  field: 'flex flex-col gap-1.5',
  label: 'text-sm font-semibold',
  input: 'focus:border-secondary min-h-12 w-full rounded-lg border border-neutral-300 bg-white px-3 text-base',
  roles: 'flex flex-wrap gap-x-6 gap-y-2',
  role: 'flex min-h-11 items-center gap-2',
  submit: 'bg-secondary hover:bg-secondary-dark min-h-12 rounded-full px-8 font-semibold text-white',
} as const;
