import { describe, expect, it } from 'vitest';
import { checkRotationWeights, checkTargets, normaliseTargetKey, rotationWeight, rotationWeightIssue, type Target } from './targets';
import { BROWSERS, DEVICES, OPERATING_SYSTEMS } from './enums';

const t = (key: string, value = 'https://example.com'): Target => ({ key, value });

describe('target keys', () => {
  it('normalises country, continent and language case; other lists are exact', () => {
    expect(normaliseTargetKey('countries', 'de')).toBe('DE');
    expect(normaliseTargetKey('countries', 'ZZ')).toBeNull();
    expect(normaliseTargetKey('countries', 'DEU')).toBeNull();
    expect(normaliseTargetKey('continents', 'eu')).toBe('EU');
    expect(normaliseTargetKey('languages', 'FR')).toBe('fr');
    expect(normaliseTargetKey('languages', 'xx')).toBeNull();
    expect(normaliseTargetKey('operating_systems', 'OS X')).toBe('OS X');
    expect(normaliseTargetKey('operating_systems', 'macOS')).toBeNull();
    expect(normaliseTargetKey('browsers', 'chrome')).toBeNull();
    for (const k of [...OPERATING_SYSTEMS]) expect(normaliseTargetKey('operating_systems', k)).toBe(k);
    for (const k of [...BROWSERS]) expect(normaliseTargetKey('browsers', k)).toBe(k);
    for (const k of [...DEVICES]) expect(normaliseTargetKey('devices', k)).toBe(k);
  });

  it('reads rotation weights: empty is 1, 1 to 100 allowed', () => {
    expect(normaliseTargetKey('rotations', '')).toBe('');
    expect(normaliseTargetKey('rotations', '007')).toBe('7');
    expect(normaliseTargetKey('rotations', '0')).toBeNull();
    expect(normaliseTargetKey('rotations', '101')).toBeNull();
    expect(normaliseTargetKey('rotations', '2.5')).toBeNull();
    expect(rotationWeight('')).toBe(1);
    expect(rotationWeight('40')).toBe(40);
  });

  it('the dashboard requires every weight, whole and from 1 to 100, and never rewrites one', () => {
    expect(rotationWeightIssue('')).toBe('is required: a whole number from 1 to 100.');
    expect(rotationWeightIssue(' ')).toBe('is required: a whole number from 1 to 100.');
    for (const bad of ['0', '101', '300', '2.5', '-1', 'x']) expect(rotationWeightIssue(bad)).toBe('must be a whole number from 1 to 100.');
    for (const good of ['1', '30', '100']) expect(rotationWeightIssue(good)).toBeNull();
    expect(checkRotationWeights([t('3'), t(''), t('300')])).toEqual([
      { path: ['targets', 1, 'key'], message: 'is required: a whole number from 1 to 100.' },
      { path: ['targets', 2, 'key'], message: 'must be a whole number from 1 to 100.' },
    ]);
  });

  it('flags a missing type, bad keys and duplicates by their index', () => {
    expect(checkTargets(null, [t('US')])).toEqual([{ path: ['targets_type'], message: 'is required when targets are given.' }]);
    const issues = checkTargets('countries', [t('us'), t('XX'), t('US')]);
    expect(issues.map((i) => i.path.join('.'))).toEqual(['targets.1.key', 'targets.2.key']);
    expect(issues[1]?.message).toContain('duplicates targets.0.key');
    expect(checkTargets('rotations', [t('5'), t('5'), t('')])).toEqual([]);
    expect(checkTargets('countries', [])).toEqual([]);
  });
});
