// Key choices per targets_type for the targets editor and the targeting preview.
import { BROWSERS, CONTINENTS, DEVICES, OPERATING_SYSTEMS, TARGETS_TYPES, type TargetsType } from '../../../shared/enums';
import { COUNTRIES, LANGUAGES } from '../../../shared/geo-data';
import { rotationWeightIssue } from '../../../shared/targets';
import { COUNTRY_TERMS, LANGUAGE_TERMS, REGIONAL_LANGUAGE_TAGS, languageTagName, searchForm } from './key-aliases';

export interface KeyOption {
  value: string;
  label: string;
}

export const TARGETS_TYPE_LABELS: Record<TargetsType, string> = {
  countries: 'Countries',
  languages: 'Languages',
  continents: 'Continents',
  operating_systems: 'Operating systems',
  browsers: 'Browsers',
  devices: 'Devices',
  rotations: 'Rotations (split traffic)',
};

export const TARGETS_TYPE_OPTIONS: KeyOption[] = TARGETS_TYPES.map((t) => ({ value: t, label: TARGETS_TYPE_LABELS[t] }));

export const COUNTRY_OPTIONS: KeyOption[] = COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));
export const LANGUAGE_OPTIONS: KeyOption[] = LANGUAGES.map((l) => ({
  value: l.code,
  label: l.native && l.native !== l.name ? `${l.name} (${l.code}) · ${l.native}` : `${l.name} (${l.code})`,
}));
export const CONTINENT_OPTIONS: KeyOption[] = Object.entries(CONTINENTS).map(([code, name]) => ({ value: code, label: `${name} (${code})` }));
const plain = (list: readonly string[]): KeyOption[] => list.map((v) => ({ value: v, label: v }));
export const OS_OPTIONS = plain(OPERATING_SYSTEMS);
export const BROWSER_OPTIONS = plain(BROWSERS);
export const DEVICE_OPTIONS = plain(DEVICES);

/** The options of a type's key picker; rotations have none (the key is a weight). */
export function keyOptions(type: TargetsType): KeyOption[] {
  switch (type) {
    case 'countries':
      return COUNTRY_OPTIONS;
    case 'languages':
      return LANGUAGE_OPTIONS;
    case 'continents':
      return CONTINENT_OPTIONS;
    case 'operating_systems':
      return OS_OPTIONS;
    case 'browsers':
      return BROWSER_OPTIONS;
    case 'devices':
      return DEVICE_OPTIONS;
    case 'rotations':
      return [];
  }
}

/** Extra search text for a type's options (native names, aliases, regional tags), by option value. */
export function keySearchTerms(type: TargetsType): ReadonlyMap<string, readonly string[]> | undefined {
  return type === 'countries' ? COUNTRY_TERMS : type === 'languages' ? LANGUAGE_TERMS : undefined;
}

/**
 * Case- and accent-insensitive search over the code, the label (name and code) and the extra terms, best
 * first: the exact code ("de"), a whole alias ("UK", "pt-BR"), a name that starts with the text ("germ"),
 * a name that contains it, an alias that contains it ("holl").
 */
export function filterKeyOptions<T extends KeyOption>(options: readonly T[], search: string, terms?: ReadonlyMap<string, readonly string[]>): T[] {
  const q = searchForm(search);
  if (!q) return [...options];
  const rank = (o: T): number => {
    if (o.value.toLowerCase() === q) return 0;
    const extra = terms?.get(o.value) ?? [];
    if (extra.includes(q)) return 1;
    const label = searchForm(o.label).replace(/^[^\p{L}\p{N}]+/u, '');
    if (label.startsWith(q)) return 2;
    if (label.includes(q)) return 3;
    return extra.some((t) => t.includes(q)) ? 4 : 5;
  };
  return options
    .map((o, i) => ({ o, i, r: rank(o) }))
    .filter((x) => x.r < 5)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.o);
}

/** Label of a key for display ("France (FR)"), or the key itself. */
export function keyLabel(type: TargetsType | null, key: string): string {
  if (!type) return key;
  if (type === 'rotations') return `weight ${key === '' ? 1 : key}`;
  return keyOptions(type).find((o) => o.value === key)?.label ?? key;
}

/** Share in percent with one decimal: 0.3333 -> "33.3%". */
export function formatShare(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1).replace(/\.0$/, '')}%`;
}

/**
 * Shares (0..1) of rotation rules as typed in the editor: a missing or out-of-range weight has none (null) and
 * is left out of the total, instead of counting as 1.
 */
export function typedRotationShares(targets: readonly { key: string }[]): (number | null)[] {
  const weights = targets.map((t) => (rotationWeightIssue(t.key) === null ? Number(t.key) : null));
  const total = weights.reduce<number>((a, w) => a + (w ?? 0), 0);
  return weights.map((w) => (w === null || total === 0 ? null : w / total));
}

/** The preview's language picker: every language, then the regional tags browsers send ("pt-BR" matches "pt" rules). */
export const VISITOR_LANGUAGE_OPTIONS: KeyOption[] = [
  ...LANGUAGE_OPTIONS,
  ...REGIONAL_LANGUAGE_TAGS.map((tag) => ({ value: tag, label: `${languageTagName(tag)} (${tag})` })),
];
