// POST /links/{id}/revisions/{revision_id}/restore: the link as it was right after that revision, through
// the write pipeline (so a restore is itself a revision). Its state is the current one (none for a deleted
// link) with every later change taken back. References that went away meanwhile: a space or pixel deleted
// since is left out (as deleting it left the link); a domain deleted since, or an alias another link holds
// now, refuse the restore with 422 naming the field.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import { setLinkTags, resolveTags } from '../../tags/tags.repo';
import type { LinkWriter } from '../core/link-writer';
import { ownedRefs } from '../core/link-checks';
import { aliasTaken, insertLinks } from '../core/link-store';
import { DOMAIN_REFUSAL_WORDS, domainRefusals } from '../../operations/domain-refusal';
import { cameBackMeanwhile } from '../../operations/operation-undo';
import { columnsOf, readStates, type LinkState } from './link-state';
import { changesAfter, findRevision, stateAfter } from './revisions.repo';

type Db = Kysely<Database>;

/** `userId`: the workspace; `actorId`: the person restoring (the new revision's actor). */
export async function restoreRevision(db: Db, writer: LinkWriter, userId: number, linkId: number, revisionId: number, now: string, actorId = userId): Promise<void> {
  const revision = await findRevision(db, userId, linkId, revisionId);
  if (!revision) throw notFound();
  if (revision.action === 'delete') throw fieldError('revision_id', 'is the deletion of the link: restore one of its earlier revisions.');
  await writer.change(
    { userId, actorId, source: 'restore' },
    [linkId],
    async (trx) => {
      const current = (await readStates(trx, [linkId])).get(linkId);
      if (current && current.owner_id !== userId) throw notFound();
      const target = complete(stateAfter(current?.state, await changesAfter(trx, linkId, revisionId)));
      const owned = await ownedRefs(trx, userId, [target]);
      if (target.domain_id !== null && !owned.domains.has(target.domain_id)) {
        const refusal = (await domainRefusals(trx, userId, [target.domain_id])).get(target.domain_id) ?? 'deleted';
        throw fieldError('domain_id', `cannot be restored: the domain of this revision ${DOMAIN_REFUSAL_WORDS[refusal]}.`);
      }
      if (target.alias !== current?.state.alias || target.domain_id !== current?.state.domain_id) {
        if (await aliasTaken(trx, target.domain_id, target.alias, linkId)) throw fieldError('alias', `"${target.alias}" has been taken by another link since.`);
      }
      const state: LinkState = {
        ...target,
        space_id: target.space_id !== null && owned.spaces.has(target.space_id) ? target.space_id : null,
        pixel_ids: target.pixel_ids.filter((p) => owned.pixels.has(p)),
      };
      if (current) {
        await trx.updateTable('links').set({ ...columnsOf(state), updated_at: now }).where('id', '=', linkId).execute();
        await trx.deleteFrom('link_pixels').where('link_id', '=', linkId).execute();
        if (state.pixel_ids.length) await trx.insertInto('link_pixels').values(state.pixel_ids.map((p) => ({ link_id: linkId, pixel_id: p }))).execute();
        await setLinkTags(trx, linkId, await resolveTags(trx, userId, state.tags));
        return { created: [] as number[] };
      }
      const values = { id: linkId, user_id: userId, ...columnsOf(state), created_at: now, updated_at: now };
      await insertLinks(trx, [{ values, pixelIds: state.pixel_ids, tags: state.tags }]);
      return { created: [linkId] };
    },
    { restoredFrom: revisionId },
  ).catch(cameBackMeanwhile);
}

/** A state with every field (a revision of a link recorded before history began may lack some: they keep their defaults). */
function complete(s: Partial<LinkState>): LinkState {
  if (typeof s.url !== 'string' || typeof s.alias !== 'string') {
    throw fieldError('revision_id', 'does not hold the whole link (it was recorded before its other fields); restore a later revision.');
  }
  return {
    url: s.url,
    alias: s.alias,
    domain_id: s.domain_id ?? null,
    title: s.title ?? null,
    space_id: s.space_id ?? null,
    pixel_ids: s.pixel_ids ?? [],
    tags: s.tags ?? [],
    redirect_password: s.redirect_password ?? null,
    sensitive_content: s.sensitive_content ?? 0,
    privacy: s.privacy ?? 0,
    password: s.password ?? null,
    active_period_start_at: s.active_period_start_at ?? null,
    active_period_end_at: s.active_period_end_at ?? null,
    clicks_limit: s.clicks_limit ?? null,
    expiration_url: s.expiration_url ?? null,
    targets_type: s.targets_type ?? null,
    targets: s.targets ?? [],
    disabled: s.disabled ?? 0,
    og_title: s.og_title ?? null,
    og_description: s.og_description ?? null,
    og_image: s.og_image ?? null,
  };
}
