'use client';
import { useState } from 'react';
import type { Typed } from '@/components/forms/enhance-later';
import { DateInput } from '@/components/forms/date-input';
import { PlaceCombobox } from '@/components/publish/place-combobox';
import type { PickedPlace } from '@/lib/schemas/publish';
import { searchClasses as c, searchIds, type RouteSearchTexts } from './route-search-fields';

type Props = { action: string; texts: RouteSearchTexts; locale: string };

/**
 * The home search once reached: the two cities in the places combobox (suggestions as one types,
 * however it is spelled), the picked city's id sent beside its text, the date shown in the page's
 * language. Still a GET form to the same address.
 */
export function RouteSearchLive({ action, texts, locale, typed }: Props & Typed) {
  const [picked, setPicked] = useState<Record<'from' | 'to', PickedPlace | null>>({ from: null, to: null });
  const [role, setRole] = useState(typed.role === 'travel' ? 'travel' : 'send');
  const countryName = (code: string) => {
    try {
      return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const hints = { send: texts.sendHint, travel: texts.travelHint };
  return (
    <form action={action} method="get" className="mt-4 flex flex-col gap-4">
      <fieldset>
        <legend className={c.label}>{texts.role}</legend>
        <div className={c.roles}>
          {(['send', 'travel'] as const).map((value) => (
            <label key={value} className={c.role}>
              <input
                type="radio"
                name="role"
                value={value}
                checked={role === value}
                onChange={() => setRole(value)}
                className="accent-secondary size-5"
              />
              <span>
                <span className="font-semibold">{value === 'send' ? texts.send : texts.travel}</span>
                <span className="text-muted text-sm"> · {hints[value]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['from', 'to'] as const).map((side) => (
          <div key={side}>
            <PlaceCombobox
              id={searchIds[side]}
              name={side}
              label={texts[side]}
              placeholder={texts.placeholder}
              noneText={texts.noPlace}
              value={picked[side]}
              onChange={(place) => setPicked((now) => ({ ...now, [side]: place }))}
              onBlur={() => {}}
              locale={locale}
              networkMessage={texts.network}
              countryName={countryName}
              freeText={typed[side] ?? ''}
              // Typing again after a pick: the text is the search, not the city picked before.
              onType={() => setPicked((now) => (now[side] ? { ...now, [side]: null } : now))}
            />
            {picked[side] ? <input type="hidden" name={`${side}Id`} value={picked[side].placeId} /> : null}
          </div>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className={c.field}>
          <label htmlFor={searchIds.date} className={c.label}>
            {texts.date}
          </label>
          <DateInput
            id={searchIds.date}
            name="date"
            min="1900-01-01"
            max="2099-12-31"
            defaultValue={typed.date ?? ''}
            className={c.input}
          />
        </div>
        <button type="submit" className={c.submit}>
          {texts.submit}
        </button>
      </div>
    </form>
  );
}
