import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideVisit, firstGate, type DecisionLink } from './visit-decision';
import type { Visitor } from './target-matching';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3_600_000;
const german: Visitor = { country: 'DE', continent: 'EU', language: 'de', os: 'Windows', browser: 'Chrome', device: 'Desktop' };
const base: DecisionLink = {
  url: 'https://example.com/',
  disabled: false,
  start: null,
  end: null,
  clicks: 0,
  clicks_limit: null,
  expiration_url: null,
  locked: false,
  sensitive: false,
  pixels: 0,
  targets_type: 'countries',
  targets: [{ key: 'DE', value: 'https://example.com/de' }],
};
const decide = (over: Partial<DecisionLink>) => decideVisit({ ...base, ...over }, german, NOW);

describe('decideVisit: the whole of checks 2 to 7, for the preview', () => {
  it('a plain link goes by its targets', () => {
    const d = decide({});
    expect(d.decidedBy).toBe('destination');
    expect(d.destination).toBe('https://example.com/de');
    expect(d.summary).toBe('The visitor goes to https://example.com/de.');
    expect(d.steps.map((s) => s.state)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'passed', 'decides']);
  });

  it('a link that starts tomorrow sends a German visitor to the expiration URL, not /de', () => {
    const d = decide({ start: NOW + 24 * HOUR, expiration_url: 'https://example.com/soon' });
    expect(d.decidedBy).toBe('active_period');
    expect(d.destination).toBe('https://example.com/soon');
    expect(d.match).toBeNull();
    expect(d.summary).toMatch(/^Not started yet \(starts 2026-11-24T12:00:00.000Z\): the visitor goes to the expiration URL/);
    expect(d.steps.slice(2).every((s) => s.state === 'skipped')).toBe(true);
  });

  it('ended, limit reached, disabled: the page the visitor gets', () => {
    expect(decide({ end: NOW }).summary).toMatch(/ended .*gets the "link expired" page \(410\)/);
    expect(decide({ end: NOW }).destination).toBeNull();
    const limit = decide({ clicks: 10, clicks_limit: 10 });
    expect([limit.decidedBy, limit.summary]).toEqual(['clicks_limit', 'The click limit is reached (10 of 10): the visitor gets the "link expired" page (410).']);
    expect(decide({ clicks: 9, clicks_limit: 10 }).steps[2]?.text).toBe('9 of 10 clicks used.');
    const off = decide({ disabled: true, start: NOW + HOUR });
    expect([off.decidedBy, off.destination]).toEqual(['disabled', null]);
    expect(off.summary).toContain('404');
  });

  it('password, warning and pixels ask first, then the destination', () => {
    const d = decide({ locked: true, sensitive: true, pixels: 2 });
    expect(d.decidedBy).toBe('password');
    expect(d.destination).toBe('https://example.com/de');
    expect(d.summary).toBe('The link asks for the redirect password, shows the sensitive-content warning and loads 2 pixels, then sends the visitor to https://example.com/de.');
    expect(decide({ sensitive: true }).decidedBy).toBe('warning');
    expect(decide({ pixels: 1 }).decidedBy).toBe('pixels');
  });

  it('rotations name no single destination', () => {
    const d = decide({ targets_type: 'rotations', targets: [{ key: '1', value: 'https://a.example/' }] });
    expect(d.destination).toBeNull();
    expect(d.summary).toBe('The visitor goes to one of the rotation destinations (by weight).');
  });

  it('agrees with the redirect\'s firstGate on every combination', () => {
    const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
    fc.assert(
      fc.property(
        fc.record({
          disabled: fc.boolean(),
          start: opt(fc.integer({ min: NOW - 5 * HOUR, max: NOW + 5 * HOUR })),
          end: opt(fc.integer({ min: NOW - 5 * HOUR, max: NOW + 5 * HOUR })),
          clicks: fc.integer({ min: 0, max: 5 }),
          clicks_limit: opt(fc.integer({ min: 1, max: 5 })),
          locked: fc.boolean(),
          sensitive: fc.boolean(),
        }),
        (g) => {
          const gate = firstGate(g, NOW, g.clicks, { password: () => false, consent: () => false });
          const d = decide(g);
          const expected: Record<string, string> = { disabled: 'disabled', not_started: 'active_period', ended: 'active_period', limit_reached: 'clicks_limit', password: 'password', warning: 'warning' };
          expect(d.decidedBy).toBe(gate === null ? 'destination' : expected[gate]);
        },
      ),
    );
  });

  it('firstGate lets a visitor who passed the password and the warning through', () => {
    const g = { ...base, locked: true, sensitive: true };
    expect(firstGate(g, NOW, 0, { password: () => true, consent: () => false })).toBe('warning');
    expect(firstGate(g, NOW, 0, { password: () => true, consent: () => true })).toBeNull();
  });
});
