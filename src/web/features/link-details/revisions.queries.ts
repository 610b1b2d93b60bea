// A link's history (GET /links/{id}/revisions, newest first, a page at a time) and the restore of one revision
// (POST /links/{id}/revisions/{revision_id}/restore). The key sits under the links' keys beside their lists, so
// every write to links (the editor, bulk actions, undo) marks the history stale as it does the lists.
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Link } from '../../../shared/link.schema';
import type { LinkRevision } from '../../../shared/objects/revision.object';
import type { PER_PAGE_OPTIONS } from '../../../shared/enums';
import { linkQueries } from '../links/links.queries';

/** One of the API's page sizes (PER_PAGE_OPTIONS). */
export const REVISIONS_PER_PAGE = 25 satisfies (typeof PER_PAGE_OPTIONS)[number];

export const revisionKeys = {
  link: (linkId: number) => [...linkQueries.keys.all, 'revisions', linkId] as const,
};

export const revisionsQueryOptions = (linkId: number) =>
  infiniteQueryOptions({
    queryKey: revisionKeys.link(linkId),
    queryFn: ({ pageParam }) => api.list<LinkRevision>(`/links/${linkId}/revisions`, { page: pageParam, per_page: REVISIONS_PER_PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
  });

/**
 * Restores a revision. The answer is the link as it is now; a restore can change anything a link has, like an undo:
 * the link, every links list and picker, this history, and the spaces', domains' and tags' lists (their counts, a
 * tag that came back) are fetched again.
 */
export function useRestoreRevision(linkId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: number) => api.post<Link>(`/links/${linkId}/revisions/${revisionId}/restore`),
    onSuccess: (link) => {
      qc.setQueryData(linkQueries.keys.detail(linkId), link);
      return Promise.all([linkQueries.keys.all, ['spaces'], ['domains'], ['tags']].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
