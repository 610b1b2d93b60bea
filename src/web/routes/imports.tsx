// The route of the Import page (/links/import; `?job=` follows one import). The page loads lazily. It is for those who
// may import in the workspace (imports:write); others are told their role does not allow it.
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { z } from 'zod';
import { appRoute } from './app-layout';
import { queryInt } from '../../shared/fields';
import { importsListQueryOptions } from '../features/imports/imports.queries';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { titleHead } from '../lib/page-title';
import { writeOnly } from '../components/can';
import { canIn } from '../lib/current-workspace';
import { accountQueryOptions } from '../lib/session.queries';

export const importSearchSchema = z.object({ job: queryInt(1) });

export const linksImportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/links/import',
  head: () => titleHead('Import links'),
  validateSearch: importSearchSchema,
  // The imports are listed only to whom may import (the list needs the same scope).
  loader: async ({ context: { queryClient } }) => {
    if (canIn(await queryClient.ensureQueryData(accountQueryOptions()), 'imports:write')) await queryClient.ensureQueryData(importsListQueryOptions());
  },
  component: writeOnly('imports:write', 'import links', lazyPage(() => import('../features/imports/import-page'), 'ImportPage')),
  pendingComponent: () => <LoadingState label="Loading imports…" />,
  errorComponent: RouteError,
});

export const importRoutes = [linksImportRoute];
