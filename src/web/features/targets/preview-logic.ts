// Pure part of the targeting preview: who the visitor is, which destination they get, the rotation split.
import { continentOf } from '../../../shared/geo-data';
import { matchTarget, rotationShares, SmoothRotation, type MatchResult, type Visitor } from '../../../shared/target-matching';
import type { TargetsType } from '../../../shared/enums';
import type { Target } from '../../../shared/targets';

export interface VisitorPick {
  country: string | null;
  language: string | null;
  os: string | null;
  browser: string | null;
  device: string | null;
}

export function toVisitor(p: VisitorPick): Visitor {
  return { ...p, continent: continentOf(p.country) };
}

export interface PreviewLink {
  url: string;
  targets_type: TargetsType | null;
  targets: Target[];
}

export interface RotationRow {
  index: number;
  destination: string;
  share: number;
  /** How many of the first `sequence.length` visits go here. */
  visits: number;
}

export interface PreviewResult {
  match: MatchResult;
  rotation: { rows: RotationRow[]; sequence: number[] } | null;
}

/** Same matching as the redirect; for rotations, the expected shares and the first visits' order. */
export function previewTargeting(link: PreviewLink, pick: VisitorPick, visits = 10): PreviewResult {
  const match = matchTarget(link.url, link.targets_type, link.targets, toVisitor(pick));
  if (link.targets_type !== 'rotations' || link.targets.length === 0) return { match, rotation: null };
  const shares = rotationShares(link.targets);
  const rr = new SmoothRotation(link.targets);
  const sequence = Array.from({ length: visits }, () => rr.next());
  const rows = link.targets.map((t, index) => ({
    index,
    destination: t.value,
    share: shares[index] ?? 0,
    visits: sequence.filter((s) => s === index).length,
  }));
  return { match, rotation: { rows, sequence } };
}
