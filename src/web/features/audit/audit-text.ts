// What the audit log page says about an entry (through what, who, what it acted on) and the actions its filter
// offers: the API document's write operations, by its tags, named by their summaries.
import type { AuditEntry } from '../../../shared/audit.schema';
import { AUDIT_OBJECT_WORDS, type AuditObject } from '../../../shared/objects/audit.object';

/** "Link", "UTM template", "API key": an object's word at the start of a label. */
export function objectWord(object: AuditObject): string {
  const word: string = AUDIT_OBJECT_WORDS[object];
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A key by its name at the time, else its id. */
export function keyLabel(e: Pick<AuditEntry, 'key_id' | 'key_name'>): string {
  return e.key_name ?? (e.key_id === null ? 'unknown' : `#${e.key_id}`);
}

/** "Dashboard", or "API key CI deploys". */
export function throughText(e: Pick<AuditEntry, 'via' | 'key_id' | 'key_name'>): string {
  return e.via === 'dashboard' ? 'Dashboard' : `API key ${keyLabel(e)}`;
}

/** The name a filter by person shows: theirs in the entries at hand (a filtered page has only theirs), else the id. */
export function personName(rows: readonly AuditEntry[], id: number): string {
  return rows.find((r) => r.actor_user_id === id)?.actor_name ?? `person #${id}`;
}

/** The name a filter by key shows, as personName. */
export function keyName(rows: readonly AuditEntry[], id: number): string {
  const row = rows.find((r) => r.key_id === id);
  return row ? keyLabel(row) : `#${id}`;
}

export interface ActionGroup {
  group: string;
  items: { value: string; label: string }[];
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const READ_METHODS = new Set(['get', 'head', 'options', 'trace']);

/**
 * The write operations of the API document (its `paths`), grouped by their first tag in the document's order, each
 * named by its summary (its operationId without one). The instance's user management writes are left out: they are
 * not a workspace's (`x-linkdeck-access.kind` `instance`), so its audit log never has them.
 */
export function actionGroups(doc: unknown): ActionGroup[] {
  const groups = new Map<string, ActionGroup>();
  const seen = new Set<string>();
  const paths = isRecord(doc) && isRecord(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isRecord(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (READ_METHODS.has(method) || !isRecord(op) || typeof op.operationId !== 'string' || seen.has(op.operationId)) continue;
      const access = op['x-linkdeck-access'];
      if (isRecord(access) && access.kind === 'instance') continue;
      seen.add(op.operationId);
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'Other';
      const group = groups.get(tag) ?? { group: tag, items: [] };
      group.items.push({ value: op.operationId, label: typeof op.summary === 'string' && op.summary ? op.summary : op.operationId });
      groups.set(tag, group);
    }
  }
  return [...groups.values()];
}

/**
 * The options of the action filter: the groups, and the chosen action as itself when it is among none of them (the
 * document not loaded yet, or an action no longer in it).
 */
export function actionOptions(groups: readonly ActionGroup[], value: string | undefined): ActionGroup[] {
  if (value === undefined || groups.some((g) => g.items.some((i) => i.value === value))) return [...groups];
  return [...groups, { group: 'Chosen', items: [{ value, label: value }] }];
}
