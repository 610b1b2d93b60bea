import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ROLE_SCOPES } from '../../shared/api-scopes';
import type { WorkspaceRole } from '../../shared/workspace-roles';
import { api, requestWorkspace, WorkspaceChangedError } from './api-client';
import { canIn, enterWorkspace, isForeignWorkspace, sectionOf, withWorkspace, type AccountInWorkspace } from './current-workspace';

const person = { id: 7, name: 'Ada', role: 'user', created_at: '2026-01-01T00:00:00.000Z', base_url: 'http://localhost' } as const;
const inWorkspace = (role: WorkspaceRole, id = 12): AccountInWorkspace => ({
  ...person,
  workspace: { id, name: 'Marketing', personal: false, role, scopes: [...ROLE_SCOPES[role]] },
});

afterEach(() => {
  requestWorkspace.set(null);
  vi.unstubAllGlobals();
});

describe('what the person may do in the workspace (canIn, behind useCan)', () => {
  it('follows the scopes GET /account gives for the workspace', () => {
    expect(canIn(inWorkspace('viewer'), 'links:read')).toBe(true);
    expect(canIn(inWorkspace('viewer'), 'links:write')).toBe(false);
    expect(canIn(inWorkspace('viewer'), 'exports:read')).toBe(false);
    expect(canIn(inWorkspace('member'), 'links:write')).toBe(true);
    expect(canIn(inWorkspace('member'), 'webhooks:read')).toBe(false);
    expect(canIn(inWorkspace('member'), 'audit:read')).toBe(false);
    expect(canIn(inWorkspace('admin'), 'audit:read')).toBe(true);
    expect(canIn(inWorkspace('admin'), 'workspace:write')).toBe(false);
  });

  it('a key with fewer scopes than the role: the answer’s scopes decide, not the role', () => {
    const account = inWorkspace('owner');
    expect(canIn({ ...account, workspace: { ...account.workspace!, scopes: ['links:read'] } }, 'links:write')).toBe(false);
  });

  it('nothing before the account is known; everything only from a server that does not describe the workspace', () => {
    expect(canIn(undefined, 'links:read')).toBe(false);
    expect(canIn(person, 'links:write')).toBe(true);
    expect(canIn(person, 'workspace:write')).toBe(true);
  });
});

describe('the address names a workspace that is not the person’s', () => {
  it('is known by GET /account answering another workspace (the person’s own)', () => {
    expect(isForeignWorkspace(12, inWorkspace('viewer', 12))).toBe(false);
    expect(isForeignWorkspace(99, inWorkspace('owner', 7))).toBe(true);
    // The personal workspace (no ws) is always the person's; an unknown account says nothing yet.
    expect(isForeignWorkspace(null, inWorkspace('owner', 7))).toBe(false);
    expect(isForeignWorkspace(99, undefined)).toBe(false);
    expect(isForeignWorkspace(99, person)).toBe(false);
  });
});

describe('where a switch goes, and plain anchors with the workspace', () => {
  const sections = ['/links', '/analytics', '/spaces', '/webhooks', '/account'];
  it('the list of the section the person is in, else the links', () => {
    expect(sectionOf('/links', sections)).toBe('/links');
    expect(sectionOf('/links/12/edit', sections)).toBe('/links');
    expect(sectionOf('/spaces/3/edit', sections)).toBe('/spaces');
    expect(sectionOf('/webhooks/4', sections)).toBe('/webhooks');
    expect(sectionOf('/analytics', sections)).toBe('/analytics');
    expect(sectionOf('/spacesX', sections)).toBe('/links');
    expect(sectionOf('/invitations/abc', sections)).toBe('/links');
  });

  it('adds ws to a path and its own query; nothing for the personal workspace', () => {
    expect(withWorkspace('/links/5/edit', 12)).toBe('/links/5/edit?ws=12');
    expect(withWorkspace('/links/new?duplicate=5', 12)).toBe('/links/new?duplicate=5&ws=12');
    expect(withWorkspace('http://x.test/dashboard/links?tag=a%2Cb&ws=3', 12)).toBe('http://x.test/dashboard/links?tag=a%2Cb&ws=12');
    expect(withWorkspace('/links/5', null)).toBe('/links/5');
    requestWorkspace.set(4);
    expect(withWorkspace('/links/5')).toBe('/links/5?ws=4');
  });
});

describe('entering a workspace', () => {
  it('a change empties the cache of the workspace left; the same one keeps it', () => {
    const client = new QueryClient();
    client.setQueryData(['links', 'list', {}], ['of the personal workspace']);
    enterWorkspace(undefined, client);
    expect(client.getQueryData(['links', 'list', {}])).toBeDefined();
    enterWorkspace(12, client);
    expect(requestWorkspace.get()).toBe(12);
    expect(client.getQueryData(['links', 'list', {}])).toBeUndefined();
    client.setQueryData(['links', 'list', {}], ['of workspace 12']);
    enterWorkspace(12, client);
    expect(client.getQueryData(['links', 'list', {}])).toEqual(['of workspace 12']);
    enterWorkspace(undefined, client);
    expect(requestWorkspace.get()).toBeNull();
    expect(client.getQueryData(['links', 'list', {}])).toBeUndefined();
  });
});

describe('the API client names the workspace', () => {
  const calls: Headers[] = [];
  let answer: () => Promise<Response>;
  beforeEach(() => {
    calls.length = 0;
    answer = async () => new Response(JSON.stringify({ data: { id: 1 } }), { status: 200 });
    vi.stubGlobal('document', { cookie: '' });
    const storage = { getItem: () => 'key-1', setItem: () => undefined, removeItem: () => undefined };
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      calls.push(new Headers(init.headers));
      return answer();
    });
  });

  it('in the Linkdeck-Workspace header, none for the personal workspace', async () => {
    await api.get('/links/1');
    expect(calls[0]?.get('linkdeck-workspace')).toBeNull();
    requestWorkspace.set(12);
    await api.get('/links/1');
    expect(calls[1]?.get('linkdeck-workspace')).toBe('12');
    expect(calls[1]?.get('authorization')).toBe('Bearer key-1');
  });

  it('not in the sign-in’s check of a key, which is about the person alone', async () => {
    requestWorkspace.set(12);
    await api.account('typed-key');
    expect(calls[0]?.get('linkdeck-workspace')).toBeNull();
  });

  it('drops an answer that arrives after a switch: it was for the other workspace', async () => {
    requestWorkspace.set(12);
    let release: () => void = () => undefined;
    answer = () => new Promise((resolve) => (release = () => resolve(new Response(JSON.stringify({ data: ['of 12'] }), { status: 200 }))));
    const pending = api.get('/links');
    requestWorkspace.set(13);
    release();
    await expect(pending).rejects.toBeInstanceOf(WorkspaceChangedError);
  });
});
