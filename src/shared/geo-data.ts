// Country and language lists (ISO 3166-1 alpha-2, ISO 639-1) with names, from the countries-list package.
import { countries, languages } from 'countries-list';
import type { ContinentCode } from './enums';

export interface CountryInfo {
  code: string;
  name: string;
  /** The name in the country's own language ("Deutschland"). */
  native: string;
  continent: ContinentCode;
}

export const COUNTRIES: CountryInfo[] = Object.entries(countries)
  .map(([code, c]) => ({
    code,
    name: c.name,
    native: c.native,
    continent: c.continent as ContinentCode,
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));

const continentByCountry = new Map(COUNTRIES.map((c) => [c.code, c.continent]));

/** Continent code of an ISO 3166-1 alpha-2 country, or null when unknown. */
export function continentOf(country: string | null | undefined): ContinentCode | null {
  if (!country) return null;
  return continentByCountry.get(country.toUpperCase()) ?? null;
}

export interface LanguageInfo {
  code: string;
  name: string;
  native: string;
}

export const LANGUAGES: LanguageInfo[] = Object.entries(languages)
  .map(([code, l]) => ({ code, name: l.name, native: l.native }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const LANGUAGE_CODES = new Set(LANGUAGES.map((l) => l.code));
