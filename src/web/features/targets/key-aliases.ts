// What people type when they look for a country or a language: common and former names, abbreviations,
// native names, and the regional language tags browsers send (pt-BR matches a "pt" rule, as in the redirect).
import { COUNTRIES, LANGUAGES } from '../../../shared/geo-data';

/** Names in use besides the ISO short name and the native one (searched, never shown). */
const COUNTRY_ALIASES: Record<string, string[]> = {
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  US: ['USA', 'U.S.', 'U.S.A.', 'America', 'United States of America'],
  NL: ['Holland', 'The Netherlands'],
  AE: ['UAE', 'Emirates', 'Dubai'],
  KR: ['Korea', 'Republic of Korea'],
  KP: ['DPRK'],
  CZ: ['Czech Republic'],
  CI: ["Cote d'Ivoire"],
  MK: ['Macedonia', 'FYROM'],
  TR: ['Turkey'],
  RU: ['Russian Federation'],
  VA: ['Vatican', 'Holy See'],
  MM: ['Burma'],
  SZ: ['Swaziland'],
  CV: ['Cape Verde'],
  TL: ['Timor-Leste'],
  CD: ['DRC', 'DR Congo', 'Congo-Kinshasa', 'Zaire'],
  CG: ['Congo-Brazzaville'],
  IR: ['Persia'],
  CN: ['PRC', "People's Republic of China", 'Mainland China'],
  TW: ['ROC', 'Republic of China'],
  VN: ['Viet Nam'],
  LA: ['Lao PDR'],
  SY: ['Syrian Arab Republic'],
  CH: ['Schweiz', 'Suisse', 'Svizzera'],
  BY: ['Byelorussia'],
  SA: ['KSA'],
  NZ: ['Aotearoa'],
  LK: ['Ceylon'],
  TH: ['Siam'],
  BA: ['Bosnia'],
  VC: ['St Vincent'],
  LC: ['St Lucia'],
  KN: ['St Kitts', 'St Kitts and Nevis'],
};

/** Regional tags browsers commonly send in Accept-Language. */
export const REGIONAL_LANGUAGE_TAGS = [
  'en-US', 'en-GB', 'en-AU', 'en-CA', 'en-IN', 'en-IE', 'en-NZ', 'en-ZA',
  'pt-BR', 'pt-PT', 'zh-CN', 'zh-TW', 'zh-HK', 'es-ES', 'es-MX', 'es-419', 'es-AR', 'es-CO', 'es-US',
  'fr-FR', 'fr-CA', 'fr-BE', 'fr-CH', 'de-DE', 'de-AT', 'de-CH', 'it-IT', 'it-CH', 'nl-NL', 'nl-BE',
  'sv-SE', 'nb-NO', 'nn-NO', 'da-DK', 'fi-FI', 'ja-JP', 'ko-KR', 'ru-RU', 'pl-PL', 'tr-TR', 'ar-SA', 'ar-EG',
  'hi-IN', 'id-ID', 'th-TH', 'vi-VN', 'uk-UA', 'cs-CZ', 'el-GR', 'he-IL', 'hu-HU', 'ro-RO', 'sr-RS', 'ms-MY',
] as const;

const regionNames = safeDisplayNames('language');

function safeDisplayNames(type: 'language'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(['en'], { type });
  } catch {
    return null;
  }
}

/** "pt-BR" → "Brazilian Portuguese" (the browser's English name for the tag), or the tag itself. */
export function languageTagName(tag: string): string {
  try {
    return regionNames?.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Lower case, accents dropped, "_" as "-": "Türkiye" and "turkiye", "pt_BR" and "pt-br" meet. */
export function searchForm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/_/g, '-')
    .trim();
}

/** Extra search text per country code: the native name and the aliases. */
export const COUNTRY_TERMS: ReadonlyMap<string, readonly string[]> = new Map(
  COUNTRIES.map((c) => [c.code, [c.native, ...(COUNTRY_ALIASES[c.code] ?? [])].map(searchForm)]),
);

/** Extra search text per language code: the regional tags that match it and their names. */
export const LANGUAGE_TERMS: ReadonlyMap<string, readonly string[]> = new Map(
  LANGUAGES.map((l) => {
    const tags = REGIONAL_LANGUAGE_TAGS.filter((t) => t.split('-')[0] === l.code);
    return [l.code, tags.flatMap((t) => [t, languageTagName(t)]).map(searchForm)];
  }),
);
