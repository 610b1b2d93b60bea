// Examples of the API document's domain operations; typed, so they stay true to the schemas.
import type { Domain, DomainCreate } from '../../shared/domain.schema';

export const domainCreateExample: DomainCreate = {
  name: 'go.example.com',
  homepage_url: 'https://example.com',
  not_found_url: 'https://example.com/not-found',
  https: 1,
};

export const domainExample: Domain = {
  id: 2,
  name: 'go.example.com',
  url: 'https://go.example.com',
  https: 1,
  homepage_url: 'https://example.com',
  not_found_url: 'https://example.com/not-found',
  links_count: 0,
  shared: false,
  owned: true,
  verified: false,
  verified_at: null,
  last_checked_at: null,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
};
