import { describe, expect, it } from 'vitest';
import { matchTarget, rotationShares, SmoothRotation, type Visitor } from './target-matching';

const visitor: Visitor = { country: 'DE', continent: 'EU', language: 'de', os: 'Android', browser: 'Chrome', device: 'Mobile' };
const url = 'https://example.com/default';

describe('matchTarget', () => {
  it('takes the first target whose key matches the visitor', () => {
    const targets = [
      { key: 'FR', value: 'https://fr.example' },
      { key: 'DE', value: 'https://de.example' },
    ];
    expect(matchTarget(url, 'countries', targets, visitor)).toMatchObject({ index: 1, destination: 'https://de.example' });
    expect(matchTarget(url, 'devices', [{ key: 'Mobile', value: 'https://m.example' }], visitor).destination).toBe('https://m.example');
    expect(matchTarget(url, 'operating_systems', [{ key: 'iOS', value: 'https://ios.example' }], visitor)).toMatchObject({ index: -1, destination: url });
  });

  it('falls back to the url when the visitor is unknown or there are no rules', () => {
    const unknown = { ...visitor, language: null };
    const r = matchTarget(url, 'languages', [{ key: 'de', value: 'https://de.example' }], unknown);
    expect(r).toMatchObject({ index: -1, destination: url });
    expect(r.reason).toMatch(/unknown/);
    expect(matchTarget(url, null, [], visitor).destination).toBe(url);
  });
});

describe('rotations', () => {
  const targets = [
    { key: '3', value: 'a' },
    { key: '', value: 'b' },
    { key: '1', value: 'c' },
  ];

  it('expects shares in proportion to the weights', () => {
    expect(rotationShares(targets)).toEqual([0.6, 0.2, 0.2]);
  });

  it('gives every target exactly its weight over one cycle, spread out', () => {
    const r = new SmoothRotation(targets);
    const picks = Array.from({ length: 50 }, () => r.next());
    const count = (i: number) => picks.filter((p) => p === i).length;
    expect([count(0), count(1), count(2)]).toEqual([30, 10, 10]);
    // Smooth: the heavy target never runs more than its share in a row.
    expect(picks.slice(0, 5).sort()).toEqual([0, 0, 0, 1, 2]);
  });
});
