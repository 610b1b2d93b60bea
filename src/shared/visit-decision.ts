// Contract section 4, checks 2 to 7, for a visit to a link that exists. The redirect decides its gates
// with firstGate(); the dashboard's targeting preview runs the whole chain (decideVisit) on the form as
// typed, so both give the same answer.
import type { TargetsType } from './enums';
import { matchTarget, type MatchResult, type Visitor } from './target-matching';
import type { Target } from './targets';

/** What the gates read of a link. Times are ms since the epoch. */
export interface GateFields {
  disabled: boolean;
  start: number | null;
  end: number | null;
  clicks_limit: number | null;
  /** The link has a redirect password. */
  locked: boolean;
  sensitive: boolean;
}

/** Why a link sends its visitors to the expiration URL (or the 410 page). */
export type Expiry = 'not_started' | 'ended' | 'limit_reached';

/** The check that answers instead of the destination. */
export type Gate = 'disabled' | Expiry | 'password' | 'warning';

/** Check 3. `clicks` is the live count (only read when the link has a limit). */
export function expiryOf(link: Pick<GateFields, 'start' | 'end' | 'clicks_limit'>, now: number, clicks: number): Expiry | null {
  if (link.start !== null && now < link.start) return 'not_started';
  if (link.end !== null && now >= link.end) return 'ended';
  if (link.clicks_limit !== null && clicks >= link.clicks_limit) return 'limit_reached';
  return null;
}

/** Whether the visitor has already passed a gate that asks (password given, warning accepted). */
export interface Passed {
  password(): boolean;
  consent(): boolean;
}

/** Checks 2 to 5, in the contract's order: the first that applies, or null when the visit goes on. */
export function firstGate(link: GateFields, now: number, clicks: number, passed: Passed): Gate | null {
  if (link.disabled) return 'disabled';
  const expiry = expiryOf(link, now, clicks);
  if (expiry) return expiry;
  if (link.locked && !passed.password()) return 'password';
  if (link.sensitive && !passed.consent()) return 'warning';
  return null;
}

// ---- the whole decision, for the preview ----

export interface DecisionLink extends GateFields {
  url: string;
  /** links.clicks now. */
  clicks: number;
  expiration_url: string | null;
  /** How many pixels are attached. */
  pixels: number;
  targets_type: TargetsType | null;
  targets: readonly Target[];
}

export type StepId = 'disabled' | 'active_period' | 'clicks_limit' | 'password' | 'warning' | 'pixels' | 'destination';

export interface DecisionStep {
  id: StepId;
  /** passed: does not apply; stops: answers instead of the destination; asks: a page first, then on; skipped: not reached. */
  state: 'passed' | 'stops' | 'asks' | 'skipped' | 'decides';
  text: string;
}

export interface VisitDecision {
  /** The step whose answer the visitor sees first. */
  decidedBy: StepId;
  /** One sentence: what the visitor gets. */
  summary: string;
  /** Where the visitor ends up (after any page that asks first); null for a 404 or 410 page. */
  destination: string | null;
  /** The targeting match (null when a gate stops the visit first). */
  match: MatchResult | null;
  steps: DecisionStep[];
}

const STEP_ORDER: StepId[] = ['disabled', 'active_period', 'clicks_limit', 'password', 'warning', 'pixels', 'destination'];

export interface DecideOptions {
  /** Formats a time for the texts (the dashboard passes the viewer's zone). */
  formatTime?: (ms: number) => string;
}

/** The whole of checks 2 to 7 for one visitor at `now`, step by step, for the dashboard's targeting preview. */
export function decideVisit(link: DecisionLink, visitor: Visitor, now: number, options: DecideOptions = {}): VisitDecision {
  const fmt = options.formatTime ?? ((ms: number) => new Date(ms).toISOString());
  const steps: DecisionStep[] = [];
  const expired = link.expiration_url ? `goes to the expiration URL ${link.expiration_url}` : 'gets the "link expired" page (410)';
  const stop = (id: StepId, text: string, summary: string, destination: string | null): VisitDecision => {
    steps.push({ id, state: 'stops', text });
    for (const rest of STEP_ORDER.slice(STEP_ORDER.indexOf(id) + 1)) steps.push({ id: rest, state: 'skipped', text: 'Not reached.' });
    return { decidedBy: id, summary, destination, match: null, steps };
  };

  if (link.disabled) return stop('disabled', 'The link is disabled.', 'The link is disabled: the visitor gets a "not found" page (404).', null);
  steps.push({ id: 'disabled', state: 'passed', text: 'The link is enabled.' });

  const expiry = expiryOf(link, now, link.clicks);
  if (expiry === 'not_started' && link.start !== null) {
    return stop('active_period', `Starts ${fmt(link.start)}.`, `Not started yet (starts ${fmt(link.start)}): the visitor ${expired}.`, link.expiration_url);
  }
  if (expiry === 'ended' && link.end !== null) {
    return stop('active_period', `Ended ${fmt(link.end)}.`, `The active period ended ${fmt(link.end)}: the visitor ${expired}.`, link.expiration_url);
  }
  steps.push({ id: 'active_period', state: 'passed', text: periodText(link, fmt) });

  if (expiry === 'limit_reached') {
    const text = `All ${link.clicks_limit} clicks are used.`;
    return stop('clicks_limit', text, `The click limit is reached (${link.clicks} of ${link.clicks_limit}): the visitor ${expired}.`, link.expiration_url);
  }
  steps.push({ id: 'clicks_limit', state: 'passed', text: link.clicks_limit === null ? 'No click limit.' : `${link.clicks} of ${link.clicks_limit} clicks used.` });

  const asks: string[] = [];
  if (link.locked) asks.push('asks for the redirect password');
  steps.push({ id: 'password', state: link.locked ? 'asks' : 'passed', text: link.locked ? 'Asks for the redirect password; the right one goes on.' : 'No redirect password.' });
  if (link.sensitive) asks.push('shows the sensitive-content warning');
  steps.push({ id: 'warning', state: link.sensitive ? 'asks' : 'passed', text: link.sensitive ? 'Shows the sensitive-content warning; Continue goes on.' : 'No warning page.' });
  if (link.pixels > 0) asks.push(`loads ${link.pixels === 1 ? 'a pixel' : `${link.pixels} pixels`}`);
  steps.push({
    id: 'pixels',
    state: link.pixels > 0 ? 'asks' : 'passed',
    text: link.pixels > 0 ? `Loads ${link.pixels === 1 ? 'its pixel' : `its ${link.pixels} pixels`}, then goes on.` : 'No pixels.',
  });

  const match = matchTarget(link.url, link.targets_type, link.targets, visitor);
  steps.push({ id: 'destination', state: 'decides', text: match.reason });
  const rotating = link.targets_type === 'rotations' && link.targets.length > 0;
  const where = rotating ? 'one of the rotation destinations (by weight)' : match.destination;
  // The steps are in the contract's order: the first that asks is what the visitor sees first.
  const firstAsk = steps.find((s) => s.state === 'asks')?.id;
  const summary = asks.length ? `The link ${joinAnd(asks)}, then sends the visitor to ${where}.` : `The visitor goes to ${where}.`;
  return { decidedBy: firstAsk ?? 'destination', summary, destination: rotating ? null : match.destination, match, steps };
}

function periodText(link: DecisionLink, fmt: (ms: number) => string): string {
  if (link.start === null && link.end === null) return 'No active period: always active.';
  if (link.end === null) return `Started ${fmt(link.start as number)}; no end.`;
  return link.start === null ? `Active until ${fmt(link.end)}.` : `Active from ${fmt(link.start)} until ${fmt(link.end)}.`;
}

function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
