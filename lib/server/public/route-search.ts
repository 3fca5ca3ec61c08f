import 'server-only';
import { searchedKind, searchRoles, type SearchRole } from '@/lib/domain';
import { placeById, type Place } from '@/lib/places';
import { listPath, routePagePath } from '@/lib/routes';
import { filtersToQuery } from '@/lib/schemas/listings';
import { resolvePlace } from '@/lib/server/listings/listings';
import { placeFilter, routeSlugs } from './routes';

// The home page's route search (a GET form to /{lang}/recherche): where its answer is. Two cities
// found (however they were typed) and no date: their route page, at the listings the searcher
// looks for. Otherwise the list of those listings, filtered by what was found or typed and from the
// day given; the list offers the other direction, all dates and an alert when nothing matches.

/** The form's fields as the query string has them (first values; anything else is ignored). */
export type SearchQuery = Partial<Record<'from' | 'to' | 'fromId' | 'toId' | 'date' | 'role', string>>;

/** A city of the search: the id the enhanced form picked, else what was typed (or its part before a comma: "Paris, France"). */
function searchedPlace(id: string | undefined, text: string | undefined): Place | undefined {
  const byId = id && /^-?\d{1,10}$/.test(id) ? placeById(Number(id)) : undefined;
  if (byId) return byId;
  const typed = text?.trim().slice(0, 80);
  if (!typed) return undefined;
  return resolvePlace(typed) ?? resolvePlace(typed.split(/[,،]/)[0] ?? '');
}

/** A departure day of the form, when it is one (YYYY-MM-DD, from 1900 to 2099). */
function searchedDay(text: string | undefined): string | undefined {
  if (!text || !/^(19|20)\d\d-\d\d-\d\d$/.test(text)) return undefined;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text) ? text : undefined;
}

/** The French path (and query, and anchor) a search is answered at. */
export function searchDestination(query: SearchQuery): string {
  const role: SearchRole = (searchRoles as readonly string[]).includes(query.role ?? '')
    ? (query.role as SearchRole)
    : 'send';
  const kind = searchedKind(role);
  const from = searchedPlace(query.fromId, query.from);
  const to = searchedPlace(query.toId, query.to);
  const day = searchedDay(query.date);
  if (from && to && from.id !== to.id && !day) {
    const slugs = routeSlugs({ from, to });
    return `${routePagePath(slugs.from, slugs.to)}#${kind === 'travel' ? 'trajets' : 'colis'}`;
  }
  const typed = (text: string | undefined): { city?: string; country?: string } => ({ city: text?.trim() });
  const fromFilter = from ? placeFilter(from) : typed(query.from);
  const toFilter = to ? placeFilter(to) : typed(query.to);
  return `${listPath(kind)}${filtersToQuery({
    from: fromFilter.city,
    fromCountry: fromFilter.country,
    to: toFilter.city,
    toCountry: toFilter.country,
    after: day,
  })}`;
}
