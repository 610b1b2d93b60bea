// Per-rule statistics of a link with targets: the share of the clicks each rule (and the default URL)
// served, from the stats API's `target` groups; for a rotation, each variant's planned share (its weight)
// beside the observed one. Groups of rules that were changed since are listed as such.
import { CONTINENTS, type TargetsType } from '../../../shared/enums';
import { DEFAULT_TARGET, targetValue, type AnalyticsGroup } from '../../../shared/analytics.schema';
import type { Target } from '../../../shared/targets';
import { statsLabel } from './stats-view';

export interface RuleShare {
  value: string;
  label: string;
  destination: string | null;
  clicks: number;
  /** Of all the link's clicks in the period, 0 to 1. */
  share: number;
  /** Rotations: the weight's share, 0 to 1. */
  planned?: number;
}

function keyLabel(type: TargetsType, key: string): string {
  switch (type) {
    case 'countries':
      return statsLabel('country', key);
    case 'languages':
      return statsLabel('language', key);
    case 'continents':
      return CONTINENTS[key as keyof typeof CONTINENTS] ?? key;
    default:
      return key;
  }
}

/** A rotation weight: an empty key counts as 1 (contract). */
export const weightOf = (key: string) => Number(key) || 1;

export function ruleShares(type: TargetsType, targets: readonly Target[], url: string, groups: readonly AnalyticsGroup[], total: number): RuleShare[] {
  const clicks = new Map(groups.map((g) => [g.value, g.clicks]));
  const share = (n: number) => (total > 0 ? n / total : 0);
  const weights = targets.reduce((s, t) => s + weightOf(t.key), 0);
  const rows: RuleShare[] = targets.map((t, i) => {
    const value = targetValue(i, t.key);
    const n = clicks.get(value) ?? 0;
    clicks.delete(value);
    const label = type === 'rotations' ? `Variant ${i + 1} (weight ${weightOf(t.key)})` : `Rule ${i + 1}: ${keyLabel(type, t.key)}`;
    return { value, label, destination: t.value, clicks: n, share: share(n), ...(type === 'rotations' ? { planned: weightOf(t.key) / weights } : {}) };
  });
  const byDefault = clicks.get(DEFAULT_TARGET) ?? 0;
  clicks.delete(DEFAULT_TARGET);
  if (type !== 'rotations' || byDefault > 0) {
    rows.push({ value: DEFAULT_TARGET, label: 'Default URL (no rule matched)', destination: url, clicks: byDefault, share: share(byDefault), ...(type === 'rotations' ? { planned: 0 } : {}) });
  }
  for (const [value, n] of clicks) {
    if (n <= 0) continue;
    const [index, ...key] = value.split(':');
    const label = value && index !== undefined && /^\d+$/.test(index) ? `Rule ${Number(index) + 1} (${key.join(':') || 'no key'}), changed since` : 'Unknown rule';
    rows.push({ value, label, destination: null, clicks: n, share: share(n) });
  }
  return rows;
}
