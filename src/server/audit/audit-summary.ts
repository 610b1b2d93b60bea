// What an audit log entry says, from the route (audit-route.ts), its path parameters and the answer it sent:
// the object's id and the change in words ("Updated link go.example.com/abc", "Deleted 3 links in bulk").
// Read from the answer object before it was serialized, after it was sent; nothing is queried. A route whose answer
// does not tell (a removed member's name) says it itself (sayInAuditLog).
import { AUDIT_OBJECT_WORDS } from '../../shared/objects/audit.object';
import { linksInWords } from '../operations/operation.presenter';
import { parseId } from '../http/pagination';
import { neutraliseShownText } from '../../shared/bidi';
import type { AuditedRoute } from './audit-route';

type Json = Record<string, unknown>;

const record = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const count = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);
const positiveId = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const rowsInWords = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'row' : 'rows'}`;
/** The date of a timestamp (2026-11-27). */
const day = (v: unknown) => text(v)?.slice(0, 10) ?? '?';

/** The first word of an operationId, as a past tense; an unknown verb leaves the operationId as it is. */
const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  patch: 'Updated',
  delete: 'Deleted',
  remove: 'Removed',
  set: 'Changed',
  change: 'Changed',
  upload: 'Uploaded',
  send: 'Sent',
  restore: 'Restored',
  rotate: 'Rotated',
  invite: 'Invited',
  accept: 'Accepted',
  revoke: 'Revoked',
  transfer: 'Transferred',
  leave: 'Left',
  verify: 'Checked',
  check: 'Checked',
  add: 'Added',
  share: 'Shared',
  unshare: 'Stopped sharing',
};

/** What an undo did to the links of each kind of operation. */
const UNDONE: Record<string, string> = { update: 'reverted', delete: 'restored', import: 'deleted' };

interface Said {
  objectId: number | null;
  summary: string;
}

interface Facts {
  route: AuditedRoute;
  params: Record<string, string>;
  /** The whole answer ({data, status} or a delete result). */
  answer: Json;
  data: Json;
  objectId: number | null;
}

/** Operations whose words are their own: bulk, import, undo, and the account's settings. */
const OWN_WORDS: Record<string, (f: Facts) => string> = {
  createLinksInBulk: ({ answer }) => {
    const meta = record(answer.meta);
    const failed = count(meta.failed);
    return `Created ${linksInWords(count(meta.created))} in bulk${failed ? `; ${rowsInWords(failed)} refused` : ''}`;
  },
  updateLinksInBulk: ({ data }) => {
    const skipped = count(data.skipped);
    return `Changed ${linksInWords(count(data.count))} in bulk${skipped ? `; ${linksInWords(skipped)} left unchanged` : ''}`;
  },
  deleteLinksInBulk: ({ data }) => `Deleted ${linksInWords(count(data.count))} in bulk`,
  importLinks: ({ data }) => {
    const file = text(data.file_name);
    return `Started importing ${rowsInWords(count(data.rows_total))}${file ? ` from ${file}` : ''}`;
  },
  undoOperation: ({ data }) => {
    const done = UNDONE[String(data.type)] ?? 'restored';
    return `Undid "${text(data.summary) ?? `operation ${String(data.id)}`}": ${linksInWords(count(data.restored))} ${done}`;
  },
  restoreLinkRevision: ({ data, params }) => `Restored link ${labelOf(data) ?? ''} to revision ${params.revision_id ?? '?'}`,
  setQrStyle: () => 'Changed the default QR style',
  uploadQrLogo: () => 'Uploaded the QR logo',
  deleteQrLogo: () => 'Removed the QR logo',
  uploadOgImage: ({ data }) => `Uploaded preview image ${text(data.key) ?? ''}`,
  sendWebhookTestEvent: ({ objectId }) => `Sent a test event to webhook #${objectId ?? '?'}`,
  updateMember: ({ data }) => `Changed the role of ${text(data.name) ?? 'a member'} to ${text(data.role) ?? '?'}`,
  createInvitation: ({ data }) => `Created an invitation to join as ${text(data.role) ?? '?'}, valid until ${day(data.expires_at)}`,
  revokeInvitation: ({ data, objectId }) => `Revoked the invitation #${objectId ?? '?'} to join as ${text(data.role) ?? '?'}`,
  acceptInvitation: ({ data }) => `Joined as ${text(data.role) ?? '?'} by invitation`,
  createApiKey: ({ data }) => {
    const scopes = Array.isArray(data.scopes) ? data.scopes.filter((s) => typeof s === 'string').join(', ') : '';
    const expires = text(data.expires_at);
    return `Created API key ${text(data.name) ?? ''} with ${scopes || 'no scopes'}${expires ? `, until ${day(expires)}` : ''}`;
  },
};

/** What routes said of their writes themselves, by request (sayInAuditLog). */
const saidByRoutes = new WeakMap<object, string>();

/** For a route whose answer does not tell what it did (a removed member's name): the summary of its entry. */
export function sayInAuditLog(request: object, summary: string): void {
  saidByRoutes.set(request, summary);
}

export function saidInAuditLog(request: object): string | undefined {
  return saidByRoutes.get(request);
}

/** The name an object goes by in words: a link's short URL without its scheme, else its name, URL or file name. */
function labelOf(data: Json): string | null {
  const short = text(data.short_url);
  if (short) return short.replace(/^[a-z]+:\/\//i, '');
  return text(data.name) ?? text(data.url) ?? text(data.file_name);
}

/**
 * `workspaceName`: the request's workspace, which names a workspace the write acted on when its answer does not
 * (DELETE /workspaces/{id}); `said`: what the route said of it itself (sayInAuditLog).
 */
export function describeWrite(route: AuditedRoute, params: Record<string, string>, answer: unknown, workspaceName?: string, said?: string): Said {
  const whole = record(answer);
  const data = record(whole.data);
  const fromPath = route.idParam ? parseId(params[route.idParam] ?? '') : -1;
  const objectId = fromPath > 0 ? fromPath : positiveId(data.id);
  if (said !== undefined) return { objectId, summary: short(said) };
  const own = OWN_WORDS[route.action];
  if (own) return { objectId, summary: short(own({ route, params, answer: whole, data, objectId })) };
  const verb = VERBS[/^[a-z]+/.exec(route.action)?.[0] ?? ''] ?? route.action;
  // A delete answers {id, object, deleted} and, when it can be undone, the operation that names what went.
  const label = (whole.deleted === true ? text(record(whole.operation).label) : labelOf(data)) ?? (route.object === 'workspace' ? text(workspaceName) : null);
  const name = label ?? (objectId === null ? null : `#${objectId}`);
  return { objectId, summary: short(`${verb} ${AUDIT_OBJECT_WORDS[route.object]} ${name ?? ''}`) };
}

/**
 * A summary stays short: single spaces, at most SUMMARY_MAX characters (a long URL or file name is cut). What it
 * quotes came from elsewhere (a file name, a URL, an operation's label): bidirectional controls and markup in it
 * are neutralised (shared/bidi.ts), so that it reads as what it is wherever the log is shown.
 */
export const SUMMARY_MAX = 300;
function short(summary: string): string {
  const one = neutraliseShownText(summary).replace(/\s+/g, ' ').trim();
  const chars = Array.from(one);
  return chars.length <= SUMMARY_MAX ? one : `${chars.slice(0, SUMMARY_MAX - 1).join('')}…`;
}
