// Key choices per targets_type for the targets editor and the targeting preview.
import { BROWSERS, CONTINENTS, DEVICES, OPERATING_SYSTEMS, TARGETS_TYPES, type TargetsType } from '../../../shared/enums';
import { COUNTRIES, LANGUAGES } from '../../../shared/geo-data';
import { rotationWeightIssue } from '../../../shared/targets';

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

export const COUNTRY_OPTIONS: KeyOption[] = COUNTRIES.map((c) => ({ value: c.code, label: `${c.flag} ${c.name} (${c.code})` }));
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

/** Case-insensitive match on the label (name and code) or the code itself. */
export function filterKeyOptions(options: readonly KeyOption[], search: string): KeyOption[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...options];
  const exact = options.filter((o) => o.value.toLowerCase() === q);
  const rest = options.filter((o) => o.value.toLowerCase() !== q && o.label.toLowerCase().includes(q));
  return [...exact, ...rest];
}

/** Label of a key for display ("🇫🇷 France (FR)"), or the key itself. */
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
