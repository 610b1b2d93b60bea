// Tags: reads and writes from the resource factory; `lookup` is every tag by name, for the editor's suggestions and
// the list's filter. Links show their tags' names and colours, so a write refreshes them too.
import { resourceQueries } from '../../lib/resource-queries';
import type { Tag, TagCreate, TagListQuery, TagUpdate } from '../../../shared/tag.schema';

export const tagQueries = resourceQueries<Tag, TagCreate, TagUpdate, TagListQuery>({ name: 'tags', related: [['links']] });
