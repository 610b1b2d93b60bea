// Spaces: reads and writes from the resource factory. Links show their space's name and colour, so a write
// refreshes them too.
import { resourceQueries } from '../../lib/resource-queries';
import type { Space, SpaceCreate, SpaceListQuery, SpaceUpdate } from '../../../shared/space.schema';

/** A space as the pickers and filters use it. */
export type SpaceRef = Pick<Space, 'id' | 'name' | 'color'>;

export const spaceQueries = resourceQueries<Space, SpaceCreate, SpaceUpdate, SpaceListQuery, SpaceRef>({ name: 'spaces', related: [['links']] });
