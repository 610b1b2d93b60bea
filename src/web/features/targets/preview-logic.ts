// Pure part of the targeting preview: the form as typed turned into what the redirect reads, who the
// visitor is, the whole decision (shared with the redirect), and the rotation split.
import { continentOf } from '../../../shared/geo-data';
import { preferredLanguage } from '../../../shared/accept-language';
import { rotationShares, SmoothRotation, type Visitor } from '../../../shared/target-matching';
import { decideVisit, type DecisionLink, type VisitDecision } from '../../../shared/visit-decision';
import { normaliseTargetKey, rotationWeightIssue, type Target } from '../../../shared/targets';
import { withDefaultScheme } from '../../../shared/fields';
import type { TargetsType } from '../../../shared/enums';

export interface VisitorPick {
  country: string | null;
  /** A language code ("pt") or a regional tag as browsers send it ("pt-BR"). */
  language: string | null;
  os: string | null;
  browser: string | null;
  device: string | null;
}

export const NOBODY: VisitorPick = { country: null, language: null, os: null, browser: null, device: null };

/** The visitor the redirect would see: continent from the country, language by its primary subtag. */
export function toVisitor(p: VisitorPick): Visitor {
  return { ...p, language: preferredLanguage(p.language ?? undefined), continent: continentOf(p.country) };
}

/** The fields of the link editor's form the preview reads (the form's values satisfy it). */
export interface PreviewForm {
  url: string;
  disabled: boolean;
  active_period_start_at: string | null;
  active_period_end_at: string | null;
  clicks_limit: number | string;
  expiration_url: string;
  redirect_password: string;
  remove_redirect_password: boolean;
  sensitive_content: boolean;
  pixel_ids: readonly string[];
  targets_type: TargetsType | null;
  targets: readonly { key: string; value: string }[];
}

export interface SavedState {
  /** links.clicks of the saved link (0 for a new one). */
  clicks: number;
  hasRedirectPassword: boolean;
}

const time = (iso: string | null): number | null => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

const scheme = (typed: string) => withDefaultScheme(typed.trim());

/** A rotation rule with a valid weight takes part; any other type keeps its rules, keys normalised as the API stores them. */
function typedTargets(type: TargetsType | null, rules: PreviewForm['targets']): Target[] {
  if (!type) return [];
  return rules
    .filter((r) => type !== 'rotations' || rotationWeightIssue(r.key) === null)
    .map((r) => ({ key: normaliseTargetKey(type, r.key) ?? r.key, value: scheme(r.value) }));
}

/** The form as typed, as the redirect would read it once saved. */
export function formToDecision(v: PreviewForm, saved: SavedState): DecisionLink {
  const limit = typeof v.clicks_limit === 'number' ? v.clicks_limit : /^\d+$/.test(String(v.clicks_limit).trim()) ? Number(v.clicks_limit) : null;
  const targets = typedTargets(v.targets_type, v.targets);
  return {
    url: scheme(v.url),
    disabled: v.disabled,
    start: time(v.active_period_start_at),
    end: time(v.active_period_end_at),
    clicks: saved.clicks,
    clicks_limit: limit !== null && limit > 0 ? limit : null,
    expiration_url: v.expiration_url.trim() ? scheme(v.expiration_url) : null,
    locked: v.redirect_password !== '' || (saved.hasRedirectPassword && !v.remove_redirect_password),
    sensitive: v.sensitive_content,
    pixels: v.pixel_ids.length,
    targets_type: targets.length ? v.targets_type : null,
    targets,
  };
}

/** The form's rule numbers (1-based) of the rules formToDecision keeps, in order; rotation rules without a valid weight are left out. */
export function keptRuleNumbers(v: PreviewForm): number[] {
  return v.targets.flatMap((r, i) => (v.targets_type !== 'rotations' || rotationWeightIssue(r.key) === null ? [i + 1] : []));
}

export interface RotationRow {
  index: number;
  /** The rule's number in the form. */
  rule: number;
  destination: string;
  weight: string;
  share: number;
  /** How many of the first `sequence.length` visits go here. */
  visits: number;
}

export interface PreviewResult {
  decision: VisitDecision;
  /** The split, when rotations decide (no gate stopped the visit first). */
  rotation: { rows: RotationRow[]; sequence: number[] } | null;
}

/** The whole decision for one visitor at `now`; for rotations, the expected shares and the first visits' order. */
export function previewVisit(link: DecisionLink, pick: VisitorPick, now: number, options: { formatTime?: (ms: number) => string; visits?: number; ruleNumbers?: readonly number[] } = {}): PreviewResult {
  const decision = decideVisit(link, toVisitor(pick), now, { formatTime: options.formatTime });
  if (link.targets_type !== 'rotations' || link.targets.length === 0 || decision.match === null) return { decision, rotation: null };
  const shares = rotationShares(link.targets);
  const rr = new SmoothRotation(link.targets);
  const sequence = Array.from({ length: options.visits ?? 10 }, () => rr.next());
  const rows = link.targets.map((t, index) => ({
    index,
    rule: options.ruleNumbers?.[index] ?? index + 1,
    destination: t.value,
    weight: t.key,
    share: shares[index] ?? 0,
    visits: sequence.filter((s) => s === index).length,
  }));
  return { decision, rotation: { rows, sequence } };
}
