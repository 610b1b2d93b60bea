// Links: reads and writes from the resource factory. A write changes the counts in the spaces, domains and tags
// lists, and may create tags (the editor's tag picker and the tag filter).
import { resourceQueries } from '../../lib/resource-queries';
import type { Link, LinkListQuery } from '../../../shared/link.schema';

/** Body of a create or update: the API field names, as JSON. */
export type LinkPayload = Record<string, unknown>;

export const linkQueries = resourceQueries<Link, LinkPayload, LinkPayload, LinkListQuery>({
  name: 'links',
  related: [['spaces', 'list'], ['domains', 'list'], ['tags']],
});
