// Domains: reads and writes from the resource factory. A domain's links take their short_url from it (its https
// choice) and go with it when it is deleted, so a write refreshes them too.
import { resourceQueries } from '../../lib/resource-queries';
import type { Domain, DomainCreate, DomainListQuery, DomainUpdate } from '../../../shared/domain.schema';

/** A domain as the pickers and filters use it. */
export type DomainRef = Pick<Domain, 'id' | 'name' | 'url'>;

export const domainQueries = resourceQueries<Domain, DomainCreate, DomainUpdate, DomainListQuery, DomainRef>({ name: 'domains', related: [['links']] });
