'use client';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '@/lib/client/api';
import type { PickedPlace } from '@/lib/schemas/publish';

type Suggestion = { id: number; name: string; country: string };

/**
 * A city from the gazetteer (GET /places), as the member types: Headless UI's combobox gives the
 * keyboard (arrows, Enter, Escape) and the screen reader's listbox. Typing alone picks nothing.
 * Under the field, one thing at a time: the error, else "no such city", else the hint.
 */
export function PlaceCombobox({
  name,
  label,
  placeholder,
  hint,
  noneText,
  value,
  onChange,
  onBlur,
  error,
  locale,
  networkMessage,
  countryName,
}: {
  name: string;
  label: string;
  placeholder: string;
  hint: string;
  noneText: string;
  value: PickedPlace | null;
  onChange: (place: PickedPlace | null) => void;
  onBlur: () => void;
  error?: string;
  locale: string;
  networkMessage: string;
  countryName: (code: string) => string;
}) {
  const [query, setQuery] = useState('');
  const comma = locale.startsWith('ar') ? '، ' : ', ';
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [searched, setSearched] = useState('');
  const latest = useRef('');

  useEffect(() => {
    const q = query.trim();
    latest.current = q;
    if (q.length < 2) return;
    const timer = setTimeout(() => {
      apiFetch<Suggestion[]>(`places?q=${encodeURIComponent(q)}`, { locale, networkMessage })
        .then((found) => {
          if (latest.current !== q) return;
          setSuggestions(found);
          setSearched(q);
        })
        .catch(() => undefined);
    }, 150);
    return () => clearTimeout(timer);
  }, [query, locale, networkMessage]);

  const options: PickedPlace[] =
    query.trim().length < 2 ? [] : suggestions.map((s) => ({ placeId: s.id, name: s.name, country: s.country }));
  const showNone = query.trim().length >= 2 && searched === query.trim() && options.length === 0;

  return (
    <Field className="relative flex flex-col gap-1.5">
      <Label className="text-sm font-semibold">{label}</Label>
      <Combobox
        value={value}
        by={(a, b) => a?.placeId === b?.placeId}
        onChange={(place: PickedPlace | null) => {
          onChange(place);
          setQuery('');
        }}
        onClose={() => setQuery('')}
      >
        <ComboboxInput
          name={name}
          autoComplete="off"
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          displayValue={(place: PickedPlace | null) =>
            place ? `${place.name}${comma}${countryName(place.country)}` : ''
          }
          onChange={(event) => setQuery(event.target.value)}
          onBlur={onBlur}
          className="focus:border-secondary min-h-12 w-full rounded-lg border border-neutral-300 bg-white px-3 text-base aria-[invalid]:border-red-700"
        />
        <ComboboxOptions
          anchor="bottom start"
          className="z-40 w-(--input-width) rounded-lg border border-neutral-200 bg-white py-1 shadow-lg [--anchor-gap:4px] empty:invisible"
        >
          {options.map((place) => (
            <ComboboxOption
              key={place.placeId}
              value={place}
              className="data-focus:bg-secondary-light cursor-pointer px-3 py-2 text-base"
            >
              {place.name}
              <span className="text-muted">
                {comma}
                {countryName(place.country)}
              </span>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {error ? (
        <Description className="text-sm text-red-700">{error}</Description>
      ) : showNone ? (
        <p role="status" className="text-muted text-sm">
          {noneText}
        </p>
      ) : (
        <Description className="text-muted text-sm">{hint}</Description>
      )}
    </Field>
  );
}
