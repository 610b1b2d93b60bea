import { describe, expect, it } from 'vitest';
import type { TargetsType } from '../../../shared/enums';
import { TARGETS_TYPES } from '../../../shared/enums';
import { formToDecision, keptRuleNumbers, NOBODY, previewVisit, type PreviewForm, type VisitorPick } from './preview-logic';
import { ENTER_DESTINATION, previewSentence } from './preview-sentence';
import { PREVIEW_NOW, SAVED_PLAIN, previewForm } from './preview-test-form';

const NOW = PREVIEW_NOW;
const saved = SAVED_PLAIN;
const form = previewForm;

/** The sentence the preview shows for the form `v` and the visitor `pick`. */
function say(v: PreviewForm, pick: VisitorPick = NOBODY) {
  const link = formToDecision(v, saved);
  return previewSentence(link, previewVisit(link, pick, NOW).decision, keptRuleNumbers(v));
}

/** Per type: two rules, and a visitor matching the second one, named in words. */
const CASES: Record<Exclude<TargetsType, 'rotations'>, { keys: [string, string]; pick: Partial<VisitorPick>; name: string }> = {
  countries: { keys: ['FR', 'de'], pick: { country: 'DE' }, name: 'Germany' },
  languages: { keys: ['fr', 'de'], pick: { language: 'de-AT' }, name: 'German' },
  continents: { keys: ['NA', 'EU'], pick: { country: 'IT' }, name: 'Europe' },
  operating_systems: { keys: ['Windows', 'iOS'], pick: { os: 'iOS' }, name: 'iOS' },
  browsers: { keys: ['Firefox', 'Chrome'], pick: { browser: 'Chrome' }, name: 'Chrome' },
  devices: { keys: ['Desktop', 'Mobile'], pick: { device: 'Mobile' }, name: 'Mobile' },
};

describe('the targeting preview sentence', () => {
  it('with no targeting: every visitor goes to the destination, or asks for one', () => {
    expect(say(form())).toEqual({ sentence: 'No targeting: every visitor goes to https://example.com/home.', decidedBy: 'No targeting' });
    expect(say(form({ url: '' }))).toEqual({ sentence: ENTER_DESTINATION, decidedBy: 'No targeting' });
    expect(say(form({ url: '   ' })).sentence).toBe(ENTER_DESTINATION);
    // A type chosen without rules yet is no targeting either.
    expect(say(form({ targets_type: 'countries' })).sentence).toBe('No targeting: every visitor goes to https://example.com/home.');
  });

  it.each(Object.entries(CASES))('%s: names the rule that decided in words, or says none matched', (type, c) => {
    const v = form({ targets_type: type as TargetsType, targets: c.keys.map((key, i) => ({ key, value: `example.com/${i + 1}` })) });
    expect(say(v, { ...NOBODY, ...c.pick })).toEqual({ sentence: `Rule 2 (${c.name}) decided: the visitor goes to https://example.com/2.`, decidedBy: `Rule 2 (${c.name})` });
    expect(say(v)).toEqual({ sentence: 'No rule matched: the visitor goes to the default destination https://example.com/home.', decidedBy: 'No rule matched' });
    expect(say({ ...v, url: '' }).sentence).toBe(`No rule matched, and the default destination is empty. ${ENTER_DESTINATION}`);
    // A matching rule without a destination yet says so, instead of "goes to ."
    const empty = { ...v, targets: v.targets.map((t, i) => (i === 1 ? { ...t, value: '' } : t)) };
    expect(say(empty, { ...NOBODY, ...c.pick }).sentence).toBe(`Rule 2 (${c.name}) decided, but it has no destination URL yet: enter one to see where the visitor goes.`);
  });

  it('rotations: the split decides, with the rule count; a single rule names its destination', () => {
    const two = form({ targets_type: 'rotations', targets: [{ key: '3', value: 'a.com' }, { key: '1', value: 'b.com' }] });
    expect(say(two)).toEqual({ sentence: "Rotation decided: each visit goes to one of the 2 rules' destinations, by weight (the split is below).", decidedBy: 'Rotation by weight' });
    const one = form({ targets_type: 'rotations', targets: [{ key: '3', value: 'a.com' }, { key: 'x', value: 'b.com' }] });
    expect(say(one).sentence).toBe("Rotation decided: every visit goes to the only rotation rule's destination, https://a.com.");
    expect(say(form({ targets_type: 'rotations', targets: [{ key: '1', value: '' }] })).sentence).toBe("Rotation decided: every visit goes to the only rotation rule's destination, which is empty yet.");
  });

  it('names the rule by its number in the editor', () => {
    const v = form({ targets_type: 'countries', targets: ['FR', 'IT', 'JP'].map((key) => ({ key, value: `example.com/${key}` })) });
    expect(say(v, { ...NOBODY, country: 'JP' }).decidedBy).toBe('Rule 3 (Japan)');
  });

  it('pages that ask first come as a sentence of their own, before where the visitor goes', () => {
    const v = form({ url: '', redirect_password: 'x', sensitive_content: true, pixel_ids: ['1', '2'] });
    expect(say(v).sentence).toBe(`First the link asks for the redirect password, shows the sensitive-content warning and loads its 2 pixels. ${ENTER_DESTINATION}`);
    const r = say(form({ pixel_ids: ['1'], targets_type: 'countries', targets: [{ key: 'DE', value: 'de.example' }] }), { ...NOBODY, country: 'DE' });
    expect(r).toEqual({ sentence: 'First the link loads its pixel. Rule 1 (Germany) decided: the visitor goes to https://de.example.', decidedBy: 'Rule 1 (Germany)' });
  });

  it('a gate that stops the visit decides, with the shared summary', () => {
    expect(say(form({ url: '', disabled: true }))).toEqual({ sentence: 'The link is disabled: the visitor gets a "not found" page (404).', decidedBy: 'Disabled' });
    const ended = say(form({ active_period_end_at: '2026-11-01T00:00:00Z', expiration_url: 'later.example' }));
    expect(ended.decidedBy).toBe('Active period');
    expect(ended.sentence).toMatch(/^The active period ended .*: the visitor goes to the expiration URL https:\/\/later\.example\.$/);
  });

  it('never says "goes to ." for any type, with or without a destination', () => {
    for (const type of [null, ...TARGETS_TYPES]) {
      for (const url of ['', 'example.com']) {
        for (const value of ['', 'x.example']) {
          const s = say(form({ url, targets_type: type, targets: type ? [{ key: type === 'rotations' ? '1' : 'DE', value }] : [] }), { ...NOBODY, country: 'DE' }).sentence;
          expect(s).not.toMatch(/goes to\s*\.|to \.$/);
          expect(s).toMatch(/\.$/);
        }
      }
    }
  });
});
