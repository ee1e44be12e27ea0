/**
 * Search suggestions from every hotel (spec section 7), grouped so a guest can tell a city
 * from a hotel from a nearby place. Address parts that are streets or house numbers are
 * dropped (they match nothing useful); address parts naming an area are kept as places.
 */
import type { Hotel } from '../../lib/models.ts';

export type SuggestionKind = 'cities' | 'hotels' | 'places';

export interface SuggestionGroup {
  readonly kind: SuggestionKind;
  readonly texts: readonly string[];
}

/** Every suggestion of every hotel, each text once (in the first group that names it). */
export type SuggestionCatalogue = readonly SuggestionGroup[];

/** Most texts shown per group, so the open list stays short on a phone. */
export const SUGGESTIONS_PER_GROUP = 5;

const STREET = /(\d|\b(road|rd|street|st|marg|salai|lane|ln|drive|avenue|ave|highway|hwy|path|cross|main)\.?$)/i;

/** An address part worth suggesting: an area name, not a street or a house number. */
const isArea = (part: string) => !STREET.test(part.trim());

export function suggestionCatalogue(hotels: readonly Hotel[]): SuggestionCatalogue {
  const seen = new Set<string>();
  const unique = (texts: readonly string[]) =>
    texts.flatMap((raw) => {
      const text = raw.trim();
      const key = text.toLowerCase();
      if (text === '' || seen.has(key)) return [];
      seen.add(key);
      return [text];
    });
  const cities = unique(hotels.map((hotel) => hotel.city));
  const hotelNames = unique(hotels.map((hotel) => hotel.hotelName));
  const places = unique(
    hotels.flatMap((hotel) => [
      ...hotel.famousTouristPlaces.map((place) => place.name),
      ...hotel.address.split(',').slice(0, 2).filter(isArea),
      hotel.state ?? '',
      hotel.country,
      ...hotel.restaurants.map((place) => place.name),
      ...hotel.cinemaHalls.map((place) => place.name),
      ...hotel.transportationFacilities.map((place) => place.type),
    ]),
  );
  return [
    { kind: 'cities', texts: cities },
    { kind: 'hotels', texts: hotelNames },
    { kind: 'places', texts: places },
  ];
}

/**
 * The groups with texts containing the typed text (case-insensitive), those starting with it
 * first, at most SUGGESTIONS_PER_GROUP each; empty groups left out, none for an empty text.
 */
export function matchingSuggestions(catalogue: SuggestionCatalogue, typed: string): SuggestionGroup[] {
  const wanted = typed.trim().toLowerCase();
  if (wanted === '') return [];
  return catalogue.flatMap(({ kind, texts }) => {
    const matches = texts.filter((text) => text.toLowerCase().includes(wanted));
    const starting = matches.filter((text) => text.toLowerCase().startsWith(wanted));
    const ordered = [...starting, ...matches.filter((text) => !starting.includes(text))].slice(0, SUGGESTIONS_PER_GROUP);
    return ordered.length === 0 ? [] : [{ kind, texts: ordered }];
  });
}
