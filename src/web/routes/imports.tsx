// The route of the Import page (/links/import; `?job=` follows one import). The page loads lazily.
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { z } from 'zod';
import { appRoute } from './app-layout';
import { queryInt } from '../../shared/fields';
import { importsListQueryOptions } from '../features/imports/imports.queries';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { titleHead } from '../lib/page-title';

export const importSearchSchema = z.object({ job: queryInt(1) });

export const linksImportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/links/import',
  head: () => titleHead('Import links'),
  validateSearch: importSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(importsListQueryOptions()),
  component: lazyPage(() => import('../features/imports/import-page'), 'ImportPage'),
  pendingComponent: () => <LoadingState label="Loading imports…" />,
  errorComponent: RouteError,
});

export const importRoutes = [linksImportRoute];
