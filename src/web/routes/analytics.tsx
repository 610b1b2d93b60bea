// The route of the Analytics page: the URL query is the stats API's query, validated by the shared
// analyticsQuerySchema; defaults are left out of the URL. The page and its charts load lazily.
import { createRoute, stripSearchParams } from '@tanstack/react-router';
import { lazyPage } from '../lib/lazy-page';
import { appRoute } from './app-layout';
import { analyticsQuerySchema, type AnalyticsQuery } from '../../shared/analytics.schema';
import { LoadingState } from '../components/states';
import { RouteError } from '../components/route-error';
import { titleHead } from '../lib/page-title';

export const ANALYTICS_DEFAULTS = { interval: 'day', unique: 0, limit: 10 } as const satisfies Partial<AnalyticsQuery>;

export const analyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/analytics',
  head: () => titleHead('Analytics'),
  validateSearch: analyticsQuerySchema,
  search: { middlewares: [stripSearchParams(ANALYTICS_DEFAULTS)] },
  component: lazyPage(() => import('../features/analytics/analytics-page'), 'AnalyticsPage'),
  pendingComponent: () => <LoadingState label="Loading analytics…" />,
  errorComponent: RouteError,
});

export const analyticsRoutes = [analyticsRoute];
