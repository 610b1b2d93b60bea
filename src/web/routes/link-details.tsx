// The link details route: QR code, copy/open, clicks per day and top lists. The page loads lazily.
import { createRoute, stripSearchParams } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { z } from 'zod';
import { appRoute } from './app-layout';
import { linkQueries } from '../features/links/links.queries';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { idParam } from '../lib/route-params';
import { titleHead } from '../lib/page-title';

export const linkDetailsSearchSchema = z.object({
  // The URL holds text (lib/search-params.ts): `days=90` is read as the number.
  days: z.coerce.number().pipe(z.union([z.literal(7), z.literal(30), z.literal(90)])).catch(30).default(30),
});

export const linkDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/links/$linkId',
  params: idParam('linkId'),
  validateSearch: linkDetailsSearchSchema,
  search: { middlewares: [stripSearchParams({ days: 30 })] },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(linkQueries.detail(params.linkId)),
  head: ({ loaderData }) => titleHead(loaderData ? `Link ${loaderData.alias}` : 'Link'),
  component: lazyPage(() => import('../features/link-details/link-details-page'), 'LinkDetailsPage'),
  pendingComponent: () => <LoadingState label="Loading link…" />,
  errorComponent: RouteError,
});

export const linkDetailsRoutes = [linkDetailsRoute];
