// The one definition of a link's status (contract 3, Link), declared as data: LINK_STATUSES below. Made from it:
// the TypeScript status and badge word (linkStatus, linkStatusLabel: the API's `status`, the dashboard's badge),
// the list filter's labels, the API document's text (LINK_STATUS_DESCRIPTION) and, in the server, the SQL of the
// list's status filter and totals on both databases (links/link-list-status.ts). The migrations' partial indexes
// restate the conditions of migration 002 (a test checks that they still match these).

/** The link fields the status reads. */
export interface StatusInput {
  disabled: boolean | number;
  active_period_start_at: string | null;
  active_period_end_at: string | null;
  clicks: number;
  clicks_limit: number | null;
}

/** A time field of the link (an ISO string or null). */
type TimeField = 'active_period_start_at' | 'active_period_end_at';

/** One condition on a link's stored fields; `now` is the moment the status is read at. */
export type StatusCondition =
  /** The flag is set (1). */
  | { readonly kind: 'set'; readonly field: 'disabled' }
  /** The time is set and not after now ("has passed"). */
  | { readonly kind: 'passed'; readonly field: TimeField }
  /** The time is set and after now ("is still ahead"). */
  | { readonly kind: 'ahead'; readonly field: TimeField }
  /** The limit is set and the count is at or above it. */
  | { readonly kind: 'reached'; readonly field: 'clicks'; readonly limit: 'clicks_limit' };

/**
 * The statuses in the order they are tried: a link has the first whose `when` holds (any one of its conditions;
 * none listed: always). `badges`: words the dashboard shows instead of the label while a condition holds (the
 * API's number stays). `id` names each condition for the server (the partial index that answers it).
 */
export const LINK_STATUSES = [
  { status: 3, label: 'Disabled', when: [{ id: 'disabled', kind: 'set', field: 'disabled' }], badges: [] },
  {
    status: 2,
    label: 'Expired',
    when: [
      { id: 'ended', kind: 'passed', field: 'active_period_end_at' },
      { id: 'limit_reached', kind: 'reached', field: 'clicks', limit: 'clicks_limit' },
    ],
    badges: [],
  },
  { status: 1, label: 'Active', when: [], badges: [{ label: 'Scheduled', when: { kind: 'ahead', field: 'active_period_start_at' } }] },
] as const satisfies readonly {
  status: number;
  label: string;
  when: readonly (StatusCondition & { id: string })[];
  badges: readonly { label: string; when: StatusCondition }[];
}[];

type Defined = (typeof LINK_STATUSES)[number];
export type LinkStatus = Defined['status'];
/** The word on a link's status badge in the dashboard. */
export type LinkStatusLabel = Defined['label'] | Defined['badges'][number]['label'];
/** The id of one condition of a status (`ended`, `limit_reached`, ...). */
export type StatusConditionId = Defined['when'][number]['id'];

/** One entry of LINK_STATUSES, widened for code that reads any of them. */
export interface StatusDefinition {
  status: LinkStatus;
  label: LinkStatusLabel;
  when: readonly (StatusCondition & { id: StatusConditionId })[];
  badges: readonly { label: LinkStatusLabel; when: StatusCondition }[];
}
export const STATUS_DEFINITIONS: readonly StatusDefinition[] = LINK_STATUSES;

/** Whether `c` holds for `link` at `now`. */
export function conditionHolds(c: StatusCondition, link: StatusInput, now: Date): boolean {
  switch (c.kind) {
    case 'set':
      return Boolean(link[c.field]);
    case 'passed':
    case 'ahead': {
      const at = link[c.field];
      if (at === null) return false;
      return c.kind === 'passed' ? Date.parse(at) <= now.getTime() : Date.parse(at) > now.getTime();
    }
    case 'reached': {
      const limit = link[c.limit];
      return limit !== null && link[c.field] >= limit;
    }
  }
}

/** The definition of `link`'s status at `now`: the first whose conditions hold (the last one holds always). */
function definitionOf(link: StatusInput, now: Date): StatusDefinition {
  const found = STATUS_DEFINITIONS.find((s) => s.when.length === 0 || s.when.some((c) => conditionHolds(c, link, now)));
  if (!found) throw new Error('LINK_STATUSES must end with a status that always holds');
  return found;
}

export function linkStatus(link: StatusInput, now: Date = new Date()): LinkStatus {
  return definitionOf(link, now).status;
}

/** The badge word: the status's label, or a badge of it whose condition holds (Scheduled: active, start ahead). */
export function linkStatusLabel(link: StatusInput, now: Date = new Date()): LinkStatusLabel {
  const s = definitionOf(link, now);
  return s.badges.find((b) => conditionHolds(b.when, link, now))?.label ?? s.label;
}

/** Active but its start is still ahead: the dashboard shows it as Scheduled. */
export function isScheduled(link: StatusInput, now: Date = new Date()): boolean {
  return linkStatusLabel(link, now) === 'Scheduled';
}

/** The list filter's choices: 0 (every link), then each status by number. */
export const LINK_STATUS_LABELS: Record<number, string> = {
  0: 'All',
  ...Object.fromEntries(STATUS_DEFINITIONS.map((s) => [s.status, s.label])),
};

/** A condition in words, for the API document. */
function conditionText(c: StatusCondition): string {
  switch (c.kind) {
    case 'set':
      return `\`${c.field}\` is 1`;
    case 'passed':
      return `\`${c.field}\` has passed`;
    case 'ahead':
      return `\`${c.field}\` is still ahead`;
    case 'reached':
      return `\`${c.field}\` reached \`${c.limit}\``;
  }
}

/**
 * The API document's text for `status`, written from LINK_STATUSES: "1 Active, 2 Expired, 3 Disabled. The first
 * that applies: 3 Disabled if ...; 2 Expired if ... or ...; 1 Active otherwise, also while ... (the dashboard ...)."
 */
export const LINK_STATUS_DESCRIPTION = `${[...STATUS_DEFINITIONS]
  .sort((a, b) => a.status - b.status)
  .map((s) => `${s.status} ${s.label}`)
  .join(', ')}. The first that applies: ${STATUS_DEFINITIONS.map((s) => {
  const when = s.when.length === 0 ? 'otherwise' : `if ${s.when.map(conditionText).join(' or ')}`;
  const badges = s.badges.map((b) => `, also while ${conditionText(b.when)} (the dashboard shows that as ${b.label})`);
  return `${s.status} ${s.label} ${when}${badges.join('')}`;
}).join('; ')}.`;
