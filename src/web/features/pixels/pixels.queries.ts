// Pixels: reads and writes from the resource factory. Links show their pixels by name and type, so a write
// refreshes them too.
import { resourceQueries } from '../../lib/resource-queries';
import type { Pixel, PixelCreate, PixelListQuery, PixelUpdate } from '../../../shared/pixel.schema';

/** A pixel as the pickers and filters use it. */
export type PixelRef = Pick<Pixel, 'id' | 'name' | 'type'>;

export const pixelQueries = resourceQueries<Pixel, PixelCreate, PixelUpdate, PixelListQuery, PixelRef>({ name: 'pixels', related: [['links']] });
