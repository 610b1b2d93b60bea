// Where the dashboard keeps the API key: mirrors lib/api-client's `auth` (the key name is its KEY_STORAGE): in
// localStorage when remembered on this device, otherwise in a session cookie shared by the browser's tabs.
export const KEY_STORAGE = 'linkdeck.apiKey';

interface KeyStore {
  set(key: string, remember: boolean): void;
}

/** Was the key remembered on this device (localStorage) rather than for the browser session (cookie)? */
export function isRemembered(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(KEY_STORAGE) !== null;
}

/** Puts the new key where the old one was, so the session goes on with it. */
export function replaceStoredKey(store: KeyStore, newKey: string, storage: Pick<Storage, 'getItem'> = localStorage): void {
  store.set(newKey, isRemembered(storage));
}
