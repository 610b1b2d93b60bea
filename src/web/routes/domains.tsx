// Routes of the domains list and the domain editor (create, edit), generated. Page components load lazily.
import { resourceRoutes } from './resource-routes';
import { domainListQuerySchema } from '../../shared/domain.schema';
import { domainQueries } from '../features/domains/domains.queries';

export const domainRoutes = resourceRoutes({
  path: '/domains',
  idParam: 'domainId',
  noun: 'domain',
  title: 'Domains',
  search: domainListQuerySchema,
  queries: domainQueries,
  writeScope: 'domains:write',
  pages: {
    list: [() => import('../features/domains/domains-page'), 'DomainsPage'],
    create: [() => import('../features/domains/domain-editor-page'), 'DomainCreatePage'],
    edit: [() => import('../features/domains/domain-editor-page'), 'DomainEditPage'],
  },
});
