import { expect, it } from 'vitest';
import { ruleShares } from './rule-shares';

it('gives each targeting rule and the default URL its share, and names rules changed since', () => {
  const rows = ruleShares(
    'countries',
    [
      { key: 'DE', value: 'https://example.de' },
      { key: 'FR', value: 'https://example.fr' },
    ],
    'https://example.com',
    [
      { value: '0:DE', clicks: 6 },
      { value: 'default', clicks: 3 },
      { value: '1:US', clicks: 1 },
    ],
    10,
  );
  expect(rows.map((r) => [r.label, r.destination, r.clicks, r.share])).toEqual([
    ['Rule 1: Germany', 'https://example.de', 6, 0.6],
    ['Rule 2: France', 'https://example.fr', 0, 0],
    ['Default URL (no rule matched)', 'https://example.com', 3, 0.3],
    ['Rule 2 (US), changed since', null, 1, 0.1],
  ]);
});

it('sets a rotation\'s planned shares (weights, an empty one is 1) beside the observed ones', () => {
  const rows = ruleShares(
    'rotations',
    [
      { key: '3', value: 'https://a.example' },
      { key: '', value: 'https://b.example' },
    ],
    'https://example.com',
    [
      { value: '0:3', clicks: 7 },
      { value: '1:', clicks: 1 },
    ],
    8,
  );
  expect(rows.map((r) => [r.label, r.planned, r.share])).toEqual([
    ['Variant 1 (weight 3)', 0.75, 0.875],
    ['Variant 2 (weight 1)', 0.25, 0.125],
  ]);
});
