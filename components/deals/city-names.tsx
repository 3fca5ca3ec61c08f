'use client';
import { createContext, useCallback, useContext, type ReactNode } from 'react';

// City names in the page's language come from the gazetteer, which stays on the server: member
// screens get the names of the places they show, by place id; a place not among them keeps the
// stored name (the screen's server component names the places of its data).

const CityNames = createContext<Readonly<Record<string, string>>>({});

export function CityNamesProvider({ names, children }: { names: Record<string, string>; children: ReactNode }) {
  return <CityNames.Provider value={names}>{children}</CityNames.Provider>;
}

type Place = { city: string; placeId: number | null };

/** The name of a listing's city in the page's language, when the page was given it. */
export function useCityName(): (place: Place) => string {
  const names = useContext(CityNames);
  return useCallback(
    (place: Place) => (place.placeId === null ? undefined : names[place.placeId]) ?? place.city,
    [names],
  );
}

/** Whether every place of these listings has its name here. */
export function useKnowsPlaces(): (places: Place[]) => boolean {
  const names = useContext(CityNames);
  return useCallback((places: Place[]) => places.every((p) => p.placeId === null || p.placeId in names), [names]);
}
