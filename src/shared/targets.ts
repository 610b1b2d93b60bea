// Targeting rules: which keys each targets_type allows, and validation of a whole targets list.
import { z } from 'zod';
import { BROWSERS, CONTINENT_CODES, DEVICES, OPERATING_SYSTEMS, TARGETS_TYPES, LIMITS, type TargetsType } from './enums';
import { COUNTRY_CODES, LANGUAGE_CODES } from './geo-data';
import { httpUrl } from './fields';

export interface Target {
  key: string;
  value: string;
}

/**
 * A rotation weight: a whole number from 1 to 100. The API also takes an empty key, meaning 1 (contract); the
 * dashboard asks for every weight (rotationWeightIssue), so that no share is counted from a box left empty.
 */
export const ROTATION_WEIGHT = { min: 1, max: 100 } as const;

const exact = (list: readonly string[]) => new Set<string>(list);
const osSet = exact(OPERATING_SYSTEMS);
const browserSet = exact(BROWSERS);
const deviceSet = exact(DEVICES);
const continentSet = exact(CONTINENT_CODES);

/**
 * Normalises a key for its type, or returns null when the key is not allowed. Country and continent
 * codes are upper-cased and language codes lower-cased; the other lists must match exactly.
 */
export function normaliseTargetKey(type: TargetsType, rawKey: string): string | null {
  const key = rawKey.trim();
  switch (type) {
    case 'countries':
      return COUNTRY_CODES.has(key.toUpperCase()) && key.length === 2 ? key.toUpperCase() : null;
    case 'languages':
      return LANGUAGE_CODES.has(key.toLowerCase()) && key.length === 2 ? key.toLowerCase() : null;
    case 'continents':
      return continentSet.has(key.toUpperCase()) ? key.toUpperCase() : null;
    case 'operating_systems':
      return osSet.has(key) ? key : null;
    case 'browsers':
      return browserSet.has(key) ? key : null;
    case 'devices':
      return deviceSet.has(key) ? key : null;
    case 'rotations': {
      if (key === '') return '';
      if (!/^\d+$/.test(key)) return null;
      const n = Number(key);
      return n >= ROTATION_WEIGHT.min && n <= ROTATION_WEIGHT.max ? String(n) : null;
    }
  }
}

export function keyRuleText(type: TargetsType): string {
  switch (type) {
    case 'countries':
      return 'must be an ISO 3166-1 alpha-2 country code.';
    case 'languages':
      return 'must be an ISO 639-1 language code.';
    case 'continents':
      return `must be one of: ${CONTINENT_CODES.join(', ')}.`;
    case 'operating_systems':
      return `must be one of: ${OPERATING_SYSTEMS.join(', ')}.`;
    case 'browsers':
      return `must be one of: ${BROWSERS.join(', ')}.`;
    case 'devices':
      return `must be one of: ${DEVICES.join(', ')}.`;
    case 'rotations':
      return `must be empty or a whole-number weight from ${ROTATION_WEIGHT.min} to ${ROTATION_WEIGHT.max}.`;
  }
}

/** Targets as stored (JSON text); anything unreadable counts as no targets. */
export function parseStoredTargets(json: string): Target[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v)
      ? v.filter((t): t is Target => typeof t?.key === 'string' && typeof t?.value === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Rotation weight of a key: empty means 1. */
export function rotationWeight(key: string): number {
  return key === '' ? 1 : Math.max(ROTATION_WEIGHT.min, Math.min(ROTATION_WEIGHT.max, Number(key) || 1));
}

/**
 * The dashboard's rule for a weight as typed: required, and a whole number in range (never clamped or
 * rewritten: 300 is an error, not 100 or 30). Null when it is fine. The API's rule is normaliseTargetKey's.
 */
export function rotationWeightIssue(key: string): string | null {
  const k = key.trim();
  const range = `a whole number from ${ROTATION_WEIGHT.min} to ${ROTATION_WEIGHT.max}`;
  if (k === '') return `is required: ${range}.`;
  return normaliseTargetKey('rotations', k) === null ? `must be ${range}.` : null;
}

/** Issues of the weights of rotation targets as the dashboard requires them (see rotationWeightIssue). */
export function checkRotationWeights(targets: readonly Target[]): TargetIssue[] {
  return targets.flatMap((t, i) => {
    const message = rotationWeightIssue(t.key);
    return message ? [{ path: ['targets', i, 'key'], message }] : [];
  });
}

export interface TargetIssue {
  path: (string | number)[];
  message: string;
}

/** Checks keys against the type, duplicates, and normalises keys in place. */
export function checkTargets(type: TargetsType | null, targets: Target[]): TargetIssue[] {
  const issues: TargetIssue[] = [];
  if (targets.length === 0) return issues;
  if (!type) {
    issues.push({ path: ['targets_type'], message: 'is required when targets are given.' });
    return issues;
  }
  const seen = new Map<string, number>();
  targets.forEach((t, i) => {
    const key = normaliseTargetKey(type, t.key);
    if (key === null) {
      issues.push({ path: ['targets', i, 'key'], message: keyRuleText(type) });
      return;
    }
    t.key = key;
    if (type === 'rotations') return;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({ path: ['targets', i, 'key'], message: `duplicates targets.${first}.key (${key}).` });
    } else {
      seen.set(key, i);
    }
  });
  return issues;
}

export const targetsTypeField = z.preprocess(
  (v) => (v === '' || v === null ? null : v),
  z.enum(TARGETS_TYPES, { error: `must be one of: ${TARGETS_TYPES.join(', ')}.` }).nullable(),
);

const targetEntry = z.object({
  key: z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v), z.string().max(64)),
  value: httpUrl(),
});

/** targets[i][key] / targets[i][value]; '' clears. qs gives an object for sparse indexes: refused. */
export const targetsField = z.preprocess(
  (v) => (v === '' || v === null ? [] : v),
  z.array(targetEntry, { error: 'must be a list of {key, value} entries.' }).max(LIMITS.targetsMax),
);
