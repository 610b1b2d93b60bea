// Routes of the pixels list and the pixel editor (create, edit), generated. Page components load lazily.
import { resourceRoutes } from './resource-routes';
import { pixelListQuerySchema } from '../../shared/pixel.schema';
import { pixelQueries } from '../features/pixels/pixels.queries';

export const pixelRoutes = resourceRoutes({
  path: '/pixels',
  idParam: 'pixelId',
  noun: 'pixel',
  title: 'Pixels',
  search: pixelListQuerySchema,
  writeScope: 'pixels:write',
  queries: pixelQueries,
  pages: {
    list: [() => import('../features/pixels/pixels-page'), 'PixelsPage'],
    create: [() => import('../features/pixels/pixel-editor-page'), 'PixelCreatePage'],
    edit: [() => import('../features/pixels/pixel-editor-page'), 'PixelEditPage'],
  },
});
