import { describe, expect, it } from 'vitest';
import { formToDecision, keptRuleNumbers, NOBODY, previewVisit, toVisitor, type PreviewForm } from './preview-logic';
import { PREVIEW_NOW, SAVED_PLAIN, previewForm } from './preview-test-form';

const NOW = PREVIEW_NOW;
// Here a link with one rule (Germany) unless a test says otherwise.
const form = (over: Partial<PreviewForm> = {}): PreviewForm => previewForm({ targets_type: 'countries', targets: [{ key: 'de', value: 'example.com/de' }], ...over });
const saved = SAVED_PLAIN;
const german = { ...NOBODY, country: 'DE' };

describe('targeting preview', () => {
  it('derives the continent from the country and the language from a regional tag, as the redirect does', () => {
    expect(toVisitor({ ...NOBODY, country: 'JP' }).continent).toBe('AS');
    expect(toVisitor(NOBODY).continent).toBeNull();
    expect(toVisitor({ ...NOBODY, language: 'pt-BR' }).language).toBe('pt');
    expect(toVisitor({ ...NOBODY, language: 'zh-TW' }).language).toBe('zh');
  });

  it('reads the form as typed: schemes added, keys normalised as the API stores them', () => {
    const link = formToDecision(form(), saved);
    expect(link.url).toBe('https://example.com/home');
    expect(link.targets).toEqual([{ key: 'DE', value: 'https://example.com/de' }]);
    expect(previewVisit(link, german, NOW).decision.destination).toBe('https://example.com/de');
  });

  it('a link scheduled to start tomorrow sends the German visitor to the expiration URL', () => {
    const link = formToDecision(form({ active_period_start_at: '2026-11-24T09:00:00.000Z', expiration_url: 'soon.example' }), saved);
    const { decision, rotation } = previewVisit(link, german, NOW);
    expect(decision.decidedBy).toBe('active_period');
    expect(decision.destination).toBe('https://soon.example');
    expect(rotation).toBeNull();
    // ...and at a visit time after the start, by its rules
    expect(previewVisit(link, german, Date.parse('2026-11-24T10:00:00Z')).decision.destination).toBe('https://example.com/de');
  });

  it('the password counts when typed, or stored and not being removed', () => {
    expect(formToDecision(form({ redirect_password: 'x' }), saved).locked).toBe(true);
    expect(formToDecision(form(), { clicks: 0, hasRedirectPassword: true }).locked).toBe(true);
    expect(formToDecision(form({ remove_redirect_password: true }), { clicks: 0, hasRedirectPassword: true }).locked).toBe(false);
  });

  it('the saved clicks meet the typed limit', () => {
    const d = previewVisit(formToDecision(form({ clicks_limit: 5 }), { clicks: 5, hasRedirectPassword: false }), german, NOW).decision;
    expect(d.decidedBy).toBe('clicks_limit');
    expect(previewVisit(formToDecision(form({ clicks_limit: '' }), { clicks: 5, hasRedirectPassword: false }), german, NOW).decision.decidedBy).toBe('destination');
  });

  it('rotations: shares and the first visits follow the typed weights; a rule without a valid weight is left out', () => {
    const v = form({
      targets_type: 'rotations',
      targets: [
        { key: '3', value: 'https://a.com' },
        { key: '', value: 'https://x.com' },
        { key: '1', value: 'https://b.com' },
        { key: '1', value: 'https://c.com' },
      ],
    });
    const res = previewVisit(formToDecision(v, saved), NOBODY, NOW, { ruleNumbers: keptRuleNumbers(v) });
    expect(res.rotation?.rows.map((r) => [r.rule, r.share, r.visits])).toEqual([
      [1, 0.6, 6],
      [3, 0.2, 2],
      [4, 0.2, 2],
    ]);
    expect(res.decision.destination).toBeNull();
    // a disabled rotation has no split to show
    expect(previewVisit(formToDecision({ ...v, disabled: true }, saved), NOBODY, NOW).rotation).toBeNull();
  });

  it('no targeting: the link URL, no rotation table', () => {
    const res = previewVisit(formToDecision(form({ targets_type: null, targets: [] }), saved), NOBODY, NOW);
    expect(res.decision.destination).toBe('https://example.com/home');
    expect(res.rotation).toBeNull();
  });
});
