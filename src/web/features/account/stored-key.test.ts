import { describe, expect, it } from 'vitest';
import { KEY_STORAGE, isRemembered, replaceStoredKey } from './stored-key';

const storage = (entries: Record<string, string>) => ({ getItem: (k: string) => entries[k] ?? null });

describe('replaceStoredKey', () => {
  it('keeps a remembered key on this device', () => {
    const calls: [string, boolean][] = [];
    replaceStoredKey({ set: (k, r) => calls.push([k, r]) }, 'new-key', storage({ [KEY_STORAGE]: 'old' }));
    expect(calls).toEqual([['new-key', true]]);
  });
  it('keeps a session key in the session', () => {
    const calls: [string, boolean][] = [];
    replaceStoredKey({ set: (k, r) => calls.push([k, r]) }, 'new-key', storage({}));
    expect(calls).toEqual([['new-key', false]]);
    expect(isRemembered(storage({}))).toBe(false);
  });
});
