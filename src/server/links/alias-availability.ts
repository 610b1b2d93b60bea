// Whether an alias is free on a domain (GET /links/alias-availability, the editor's live check), by the rules a
// create runs, called rather than copied: the shared alias field (format, reserved words) and the write
// pipeline's check step (the domain is the account's own, the alias is not taken on it). An edit's own alias
// is free for it. A query naming a domain or link that is not the account's is a 422.
import type { LinkCreate } from '../../shared/link.schema';
import { aliasField, isReservedAlias } from '../../shared/link.schema';
import type { AliasAvailability, AliasAvailabilityQuery } from '../../shared/alias-availability.schema';
import { validationError } from '../http/errors';
import type { LinksCore } from './core/links-core.plugin';

export async function aliasAvailability(links: LinksCore, userId: number, q: AliasAvailabilityQuery): Promise<AliasAvailability> {
  let domainId = q.domain_id ?? null;
  const link = q.link_id === undefined ? undefined : await links.service.repo.find(userId, q.link_id);
  if (q.link_id !== undefined) {
    if (!link) throw validationError([{ field: 'link_id', message: 'must be one of your links.' }]);
    // A link stays on its domain: its alias is checked there.
    if (q.domain_id !== undefined && q.domain_id !== link.domain_id) {
      throw validationError([{ field: 'domain_id', message: "must be the link's own domain (a link stays on the domain it was created on)." }]);
    }
    domainId = link.domain_id;
  }
  const answer = (reason: AliasAvailability['reason'], message: string | null, alias = q.alias): AliasAvailability => ({
    alias,
    domain_id: domainId,
    available: reason === null,
    reason,
    message,
  });
  const parsed = aliasField.safeParse(q.alias);
  // The domain is checked even for an alias that could never be valid: a foreign domain is a 422 either way.
  const { issues } = await links.writer.check(
    userId,
    // Only the fields the check reads: the alias (when valid) and the domain.
    [{ row: 0, input: { alias: parsed.success && parsed.data !== link?.alias ? parsed.data : undefined, domain_id: domainId } as LinkCreate }],
    (_row, field) => field,
  );
  const refused = issues.filter((i) => i.field !== 'alias');
  if (refused.length) throw validationError(refused);
  if (!parsed.success) return answer(isReservedAlias(q.alias) ? 'reserved' : 'invalid', parsed.error.issues[0]?.message ?? 'is invalid.');
  const taken = issues.find((i) => i.field === 'alias');
  return answer(taken ? 'taken' : null, taken?.message ?? null, parsed.data);
}
