// The dashboard's only way to the server: API v1 with the signed-in key, JSON in and out.
import type { Paginated } from '../../shared/list-query';
import type { Operation } from '../../shared/bulk.schema';
import { connection, isUnavailableStatus } from './connection';
import { keyCookie, readKeyCookie } from './key-cookie';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Laravel-style field errors of a 422: `{ "targets.0.value": ["..."] }`. */
    readonly errors: Record<string, string[]> = {},
    /** The whole error body, for answers that carry more (an undo's 409 `conflicts`). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** No answer (status 0: a network failure) or 502/503/504: the server is away, which retrying can fix. */
  get unreachable(): boolean {
    return this.status === 0 || isUnavailableStatus(this.status);
  }
}

/** Query parameters; a list is sent as the same name repeated (`tag=a&tag=b`). */
export type Query = Record<string, string | number | boolean | null | undefined | readonly string[]>;

const KEY_STORAGE = 'linkdeck.apiKey';

/** Tells the other tabs of this browser that the user signed out (they go to sign-in too). */
const authChannel = typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('linkdeck.auth');

/**
 * Where the API key lives: a session cookie shared by this browser's tabs until it closes (key-cookie.ts), or
 * this device's localStorage when the user asked to be remembered. A key in sessionStorage (set by older
 * versions, and by the e2e fixtures) is still read.
 */
export const auth = {
  get(): string | null {
    return readKeyCookie(document.cookie) ?? sessionStorage.getItem(KEY_STORAGE) ?? localStorage.getItem(KEY_STORAGE);
  },
  set(key: string, remember: boolean): void {
    this.clear();
    if (remember) localStorage.setItem(KEY_STORAGE, key);
    else document.cookie = keyCookie(key, location.protocol === 'https:');
  },
  /** Forgets the key in this browser (every tab reads the same cookie and localStorage). */
  clear(): void {
    document.cookie = keyCookie(null, location.protocol === 'https:');
    sessionStorage.removeItem(KEY_STORAGE);
    localStorage.removeItem(KEY_STORAGE);
  },
  /** Sign out: forget the key, and send every other open tab to sign-in as well. */
  signOut(): void {
    this.clear();
    authChannel?.postMessage('signed-out');
  },
};

/**
 * The workspace the dashboard acts in: the address's `ws`, which the signed-in layout sets here before
 * its pages load (lib/current-workspace.ts); null for the person's personal workspace. Every request but the
 * sign-in's key check names it in the `Linkdeck-Workspace` header.
 */
let workspaceId: number | null = null;
export const requestWorkspace = {
  get: (): number | null => workspaceId,
  /** Whether that changed it. */
  set(id: number | null): boolean {
    const changed = id !== workspaceId;
    workspaceId = id;
    return changed;
  },
};

/** An answer to a request made for another workspace than the current one: dropped, so no page or cache gets it. */
export class WorkspaceChangedError extends Error {
  constructor() {
    super('You switched workspaces before the server answered; that answer was for the other workspace.');
    this.name = 'WorkspaceChangedError';
  }
}

/** Called on every 401, so the app can send the user to sign-in and back. */
let onUnauthenticated: () => void = () => undefined;
export function setUnauthenticatedHandler(fn: () => void): void {
  onUnauthenticated = fn;
}
// Signed out in another tab: this one's key is gone too, so it goes to sign-in as on a 401.
authChannel?.addEventListener('message', (e: MessageEvent) => {
  if (e.data === 'signed-out') onUnauthenticated();
});

export function toQueryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v as readonly string[]) params.append(k, item);
    else params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}


/** Sends a request with the signed-in key; a failed answer becomes an ApiError (a 401 also goes to sign-in). */
type SendOptions = {
  query?: Query;
  body?: unknown;
  /** A multipart form (it sets its own content type, with the boundary). */
  form?: FormData;
  /** A file as the whole body, with its type. */
  raw?: { body: Blob; type: string };
  key?: string;
  /** Cancels the request (and a stream's reading). */
  signal?: AbortSignal;
};

async function send(method: string, path: string, opts: SendOptions = {}): Promise<Response> {
  const key = opts.key ?? auth.get();
  // `Linkdeck-Client`: the audit log records the dashboard's writes as made through the dashboard, not a key.
  const headers: Record<string, string> = { accept: 'application/json', 'linkdeck-client': 'dashboard' };
  if (key) headers.authorization = `Bearer ${key}`;
  // The sign-in's key check (opts.key) asks about the person alone, whatever the last workspace was.
  const workspace = opts.key ? null : workspaceId;
  if (workspace !== null) headers['linkdeck-workspace'] = String(workspace);
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.raw) headers['content-type'] = opts.raw.type;
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}${toQueryString(opts.query)}`, {
      method,
      headers,
      body: opts.form ?? opts.raw?.body ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: opts.signal,
    });
  } catch (err) {
    // Cancelled by the page (it went away): not a sign that the server is down.
    if (opts.signal?.aborted) throw err;
    connection.report(false);
    throw new ApiError(0, 'Cannot reach the server.');
  }
  connection.report(!isUnavailableStatus(res.status));
  if (!opts.key && workspace !== workspaceId) throw new WorkspaceChangedError();
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> } & Record<string, unknown>;
    if (res.status === 401 && !opts.key) onUnauthenticated();
    throw new ApiError(res.status, data.message ?? `Request failed (${res.status})`, data.errors ?? {}, data);
  }
  return res;
}

async function request<T>(method: string, path: string, opts: SendOptions = {}): Promise<T> {
  const res = await send(method, path, opts);
  return (await res.json().catch(() => ({}))) as T;
}

export const api = {
  list: <T>(path: string, query?: Query) => request<Paginated<T>>('GET', path, { query }),
  get: <T>(path: string, query?: Query) => request<{ data: T }>('GET', path, { query }).then((r) => r.data),
  /** The whole body of a GET, for answers with more beside `data`. */
  getBody: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body: unknown = {}) => request<{ data: T }>('POST', path, { body }).then((r) => r.data),
  put: <T>(path: string, body: unknown) => request<{ data: T }>('PUT', path, { body }).then((r) => r.data),
  /** A delete's answer; `operation`: the one it recorded, when the delete can be undone. */
  delete: (path: string) => request<{ id: number; deleted: true; operation?: Operation }>('DELETE', path),
  /** PATCH and DELETE with a body (the bulk API), answering `{ data }`. */
  patch: <T>(path: string, body: unknown, query?: Query) => request<{ data: T }>('PATCH', path, { body, query }).then((r) => r.data),
  deleteWith: <T>(path: string, body: unknown, query?: Query) => request<{ data: T }>('DELETE', path, { body, query }).then((r) => r.data),
  /** Sends a file as multipart/form-data (field `file`): an import. */
  upload: <T>(path: string, file: Blob, fileName: string, query?: Query) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return request<{ data: T }>('POST', path, { query, form }).then((r) => r.data);
  },
  /** A file (an export): the raw answer, to read as a blob. */
  file: (path: string, query?: Query) => send('GET', path, { query }),
  /** A stream (Server-Sent Events): the raw answer, to read its body as it arrives, until `signal` aborts. */
  stream: (path: string, signal: AbortSignal) => send('GET', path, { signal }),
  /** A file as the raw body (the QR logo, a preview image). */
  sendFile: <T>(method: 'PUT' | 'POST', path: string, file: Blob, type: string) => request<{ data: T }>(method, path, { raw: { body: file, type } }).then((r) => r.data),
  /** Checks a key without storing it (sign-in). */
  account: (key: string) => request<{ data: { id: number; name: string; role: 'admin' | 'user'; created_at: string } }>('GET', '/account', { key }).then((r) => r.data),
};
