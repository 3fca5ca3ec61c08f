import type { FormEvent, Ref } from 'react';
import type { NearbyType } from '@/lib/domain';
import type { Locale } from '@/lib/i18n/locales';
import { fill, formatNumber } from '@/lib/intl-format';
import type { NearbySettings, NearbyTexts } from './offer-view';
import { nearbyIds } from './results-view';

// Where to look: the visitor's position, or a city (the fallback), the radius and the type of offers.
// The server renders it without handlers, disabled, in the first HTML; the interactive part
// (./nearby-live.tsx) renders it again with them. Hidden when the browser runs no script at all.

export type ControlHandlers = {
  locate: () => void;
  city: (value: string) => void;
  chooseCity: (event: FormEvent) => void;
  radius: (km: number) => void;
  type: (type: NearbyType) => void;
};

export function ControlsView({
  texts,
  settings,
  locale,
  radius,
  type,
  city = '',
  suggestions = [],
  countryName,
  locating = false,
  message,
  cityError,
  cityInput,
  on,
}: {
  texts: NearbyTexts;
  settings: NearbySettings;
  locale: Locale;
  radius: number;
  type: NearbyType;
  city?: string;
  suggestions?: { id: number; name: string; country: string }[];
  countryName?: (code: string) => string | undefined;
  locating?: boolean;
  /** The geolocation's state, or why it failed (an alert). */
  message?: { text: string; alert: boolean };
  cityError?: string | null;
  cityInput?: Ref<HTMLInputElement>;
  /** Without handlers: the server's copy, disabled until the page is interactive. */
  on?: ControlHandlers;
}) {
  return (
    <section aria-labelledby={nearbyIds.search} className="flex flex-col gap-3 [@media(scripting:none)]:hidden">
      <h2 id={nearbyIds.search} className="sr-only">
        {texts.searchTitle}
      </h2>
      <fieldset disabled={!on} className="flex min-w-0 flex-wrap items-end gap-x-4 gap-y-3">
        <button
          type="button"
          onClick={on?.locate}
          disabled={locating}
          className="bg-secondary hover:bg-secondary-dark min-h-11 rounded-full px-5 font-semibold text-white disabled:opacity-70"
        >
          {texts.locate}
        </button>
        <form onSubmit={on?.chooseCity} className="flex w-full items-end gap-2 sm:w-auto" role="search">
          <label className="field min-w-0 flex-1">
            {texts.cityLabel}
            <input
              ref={cityInput}
              id={nearbyIds.city}
              name="city"
              {...(on ? { value: city, onChange: (event) => on.city(event.target.value) } : { defaultValue: city })}
              list={nearbyIds.cities}
              autoComplete="off"
              placeholder={texts.cityPlaceholder}
              aria-invalid={cityError ? true : undefined}
              aria-describedby={cityError ? nearbyIds.cityError : undefined}
              className="field-input sm:w-56"
            />
          </label>
          <datalist id={nearbyIds.cities}>
            {suggestions.map((s) => (
              <option key={s.id} value={s.name}>
                {countryName?.(s.country)}
              </option>
            ))}
          </datalist>
          <button
            type="submit"
            className="border-secondary text-secondary min-h-11 shrink-0 rounded-full border px-4 font-semibold whitespace-nowrap"
          >
            {texts.cityShow}
          </button>
        </form>
        <label className="field">
          {texts.radius}
          <select
            {...(on
              ? { value: radius, onChange: (event) => on.radius(Number(event.target.value)) }
              : { defaultValue: radius })}
            className="field-input w-28"
          >
            {settings.radii.map((km) => (
              <option key={km} value={km}>
                {fill(texts.radiusOption, { km: formatNumber(km, locale) })}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="mb-1 font-semibold">{texts.type}</legend>
          <div className="flex overflow-hidden rounded-lg border border-neutral-300">
            {settings.types.map((value) => (
              <label
                key={value}
                className="has-checked:bg-secondary flex min-h-11 cursor-pointer items-center px-3 has-checked:text-white has-focus-visible:outline-2"
              >
                <input
                  type="radio"
                  name="type"
                  value={value}
                  {...(on
                    ? { checked: type === value, onChange: () => on.type(value) }
                    : { defaultChecked: type === value })}
                  className="sr-only"
                />
                {texts.types[value]}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>
      {cityError ? (
        <p id={nearbyIds.cityError} role="alert" className="text-sm font-semibold text-red-800">
          {cityError}
        </p>
      ) : null}
      {message?.alert ? (
        <p role="alert" className="rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
          {message.text}
        </p>
      ) : (
        <p role="status" className="text-muted min-h-5 text-sm">
          {message?.text}
        </p>
      )}
    </section>
  );
}
