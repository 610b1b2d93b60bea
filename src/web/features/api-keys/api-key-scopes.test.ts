import { describe, expect, it } from 'vitest';
import { API_SCOPES, ROLE_SCOPES } from '../../../shared/api-scopes';
import { defaultScopes, familyTitle, inScopeOrder, scopeFamilies, scopeReason } from './api-key-scopes';

describe('api key scopes', () => {
  it('groups every scope by family, in the API order, once', () => {
    const families = scopeFamilies('owner');
    expect(families.map((f) => f.family).slice(0, 3)).toEqual(['links', 'domains', 'spaces']);
    expect(families.flatMap((f) => f.scopes.map((s) => s.scope))).toEqual([...API_SCOPES]);
    const links = families.find((f) => f.family === 'links');
    expect(links?.title).toBe('Links');
    expect(links?.scopes.map((s) => s.access)).toEqual(['read', 'write']);
    expect(families.find((f) => f.family === 'keys')?.title).toBe('API keys');
    expect(families.every((f) => f.scopes.every((s) => s.available && s.reason === null))).toBe(true);
  });

  it("disables what the role lacks, naming the least role that has it", () => {
    const member = scopeFamilies('member').flatMap((f) => f.scopes);
    const domainsWrite = member.find((s) => s.scope === 'domains:write');
    expect(domainsWrite?.available).toBe(false);
    expect(domainsWrite?.reason).toBe('Needs the admin role or higher; your role here is member.');
    expect(member.find((s) => s.scope === 'links:write')?.available).toBe(true);
    expect(member.filter((s) => s.available).map((s) => s.scope)).toEqual([...ROLE_SCOPES.member]);
    expect(scopeReason('workspace:write', 'admin')).toBe('Only owners may give it; your role here is admin.');
    expect(scopeReason('links:read', 'viewer')).toBeNull();
  });

  it('starts a key with the read scopes of the role', () => {
    expect(defaultScopes('viewer')).toEqual(ROLE_SCOPES.viewer.filter((s) => s.endsWith(':read')));
    expect(defaultScopes('admin')).toContain('members:read');
    expect(defaultScopes('admin')).not.toContain('links:write');
  });

  it('orders badges as the API lists scopes, unknown ones last', () => {
    expect(inScopeOrder(['links:write', 'zzz:read', 'links:read'])).toEqual(['links:read', 'links:write', 'zzz:read']);
    expect(familyTitle('other')).toBe('Other');
  });
});
