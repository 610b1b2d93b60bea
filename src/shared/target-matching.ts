// Which destination a visitor gets. Used by the redirect and by the dashboard's targeting preview.
import type { TargetsType } from './enums';
import { rotationWeight, type Target } from './targets';

export interface Visitor {
  country: string | null;
  continent: string | null;
  language: string | null;
  os: string | null;
  browser: string | null;
  device: string | null;
}

export interface MatchResult {
  /** Index of the matching target, or -1 when the link's own url is used. */
  index: number;
  destination: string;
  reason: string;
}

const visitorField: Record<Exclude<TargetsType, 'rotations'>, keyof Visitor> = {
  continents: 'continent',
  countries: 'country',
  operating_systems: 'os',
  browsers: 'browser',
  languages: 'language',
  devices: 'device',
};

const fieldLabel: Record<keyof Visitor, string> = {
  continent: 'continent',
  country: 'country',
  os: 'operating system',
  browser: 'browser',
  language: 'language',
  device: 'device',
};

/**
 * First target whose key equals the visitor's value for the type wins; no match gives `url`.
 * Rotations are not decided here (they need the rotation state): see `SmoothRotation`.
 */
export function matchTarget(
  url: string,
  type: TargetsType | null,
  targets: readonly Target[],
  visitor: Visitor,
): MatchResult {
  if (!type || targets.length === 0) return { index: -1, destination: url, reason: 'The link has no targeting rules.' };
  if (type === 'rotations') return { index: -1, destination: url, reason: 'Rotations pick a destination per visit.' };
  const field = visitorField[type];
  const value = visitor[field];
  const label = fieldLabel[field];
  if (value === null || value === '') {
    return { index: -1, destination: url, reason: `The visitor's ${label} is unknown, so the link's URL is used.` };
  }
  const index = targets.findIndex((t) => t.key === value);
  const hit = index >= 0 ? targets[index] : undefined;
  if (!hit) return { index: -1, destination: url, reason: `No rule matches ${label} ${value}, so the link's URL is used.` };
  return { index, destination: hit.value, reason: `Rule ${index + 1} matches ${label} ${value}.` };
}

/** Expected share (0..1) of each rotation target. */
export function rotationShares(targets: readonly Target[]): number[] {
  const weights = targets.map((t) => rotationWeight(t.key));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (total ? w / total : 0));
}

/**
 * Smooth weighted round-robin (as nginx does it): every pick adds each weight to its current value,
 * takes the largest, and subtracts the total from it. Over `total` picks every target gets exactly its
 * weight, evenly spread.
 */
export class SmoothRotation {
  private current: number[];
  private readonly weights: number[];
  private readonly total: number;

  constructor(targets: readonly Target[]) {
    this.weights = targets.map((t) => rotationWeight(t.key));
    this.total = this.weights.reduce((a, b) => a + b, 0);
    this.current = this.weights.map(() => 0);
  }

  next(): number {
    let best = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < this.weights.length; i++) {
      const v = (this.current[i] ?? 0) + (this.weights[i] ?? 0);
      this.current[i] = v;
      if (v > bestValue) {
        bestValue = v;
        best = i;
      }
    }
    if (best >= 0) this.current[best] = (this.current[best] ?? 0) - this.total;
    return best;
  }
}
