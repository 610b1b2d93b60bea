// The dashboard's lazily loaded pages (split routes): TanStack Router's lazyRouteComponent, with what a page whose
// code failed to load needs to load later. A failure while the server is away becomes a PageLoadError, which the
// route's error component (components/route-error.tsx) retries until the server is back, instead of the router's
// reload (meant for a chunk that a new deployment removed, it would land on the browser's own error page). Vite
// preloads a page's stylesheets once and never again, even when that failed: a failed one is added anew before the
// next try, and the page waits for it. A browser may also keep a failed module in its module map (Chromium does):
// importing the same URL again then fails at once, without a request. So a try after a failure imports the chunk's
// URL (named by the browser's error) with a query of its own, a new module-map key; its imports are relative, so
// the chunks it shares with the rest of the app stay the same modules.
import { lazyRouteComponent } from '@tanstack/react-router';
import { connection, isUnavailableStatus } from './connection';

/** A page's code did not load because the server did not answer: worth trying again once it does. */
export class PageLoadError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('This page could not be loaded: the server did not answer. It loads by itself once the server is back.', options);
    this.name = 'PageLoadError';
  }
}

/** Whether the server answers at all (any answer but 502-504); also tells the connection state. */
async function serverAnswers(): Promise<boolean> {
  const answered = await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' }).then(
    (r) => !isUnavailableStatus(r.status),
    () => false,
  );
  connection.report(answered);
  return answered;
}

/** Stylesheets that failed to load (by href), to be added again at the next try of any page. */
const failedSheets = new Set<string>();

if (typeof window !== 'undefined') {
  // Capture phase: a <link> error does not bubble (Vite's own listener on the element still sees it).
  window.addEventListener(
    'error',
    (e) => {
      const el = e.target;
      if (!(el instanceof HTMLLinkElement) || el.rel !== 'stylesheet') return;
      failedSheets.add(el.href);
      el.remove();
    },
    true,
  );
}

/** The stylesheets that failed, added again; settles once they loaded (rejects if one fails again). */
function restoreStylesheets(): Promise<unknown> {
  const hrefs = [...failedSheets];
  failedSheets.clear();
  return Promise.all(
    hrefs.map(
      (href) =>
        new Promise<void>((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = '';
          link.href = href;
          link.addEventListener('load', () => resolve());
          link.addEventListener('error', () => reject(new Error(`Unable to load ${href}`)));
          document.head.appendChild(link);
        }),
    ),
  );
}

/**
 * The module a failed dynamic import was loading, from the browser's message (Chromium: "Failed to fetch dynamically
 * imported module: URL", Firefox: "error loading dynamically imported module: URL"); only a script of this origin.
 */
export function failedModuleUrl(error: unknown, origin: string): string | undefined {
  const message = error instanceof Error ? error.message : '';
  const match = /dynamically imported module:?\s+(\S+)/i.exec(message);
  if (!match) return undefined;
  try {
    const url = new URL(match[1] ?? '');
    return url.origin === origin && /\.m?js$/.test(url.pathname) ? `${url.origin}${url.pathname}` : undefined;
  } catch {
    return undefined;
  }
}

/** `url` under a key of its own in the module map (the server ignores the query; the file stays the same). */
export const freshModuleUrl = (url: string, attempt: number): string => `${url}?retry=${attempt}`;

let attempts = 0;

/** lazyRouteComponent(() => import('…/spaces-page'), 'SpacesPage'), retried after a failure while the server was away. */
export function lazyPage<T extends Record<string, unknown>, K extends keyof T = 'default'>(importer: () => Promise<T>, exportName?: K) {
  /** The chunk's URL once an import of it failed: every later try asks for it anew. */
  let failedUrl: string | undefined;
  const importAnew = (url: string) => import(/* @vite-ignore */ freshModuleUrl(url, ++attempts)) as Promise<T>;
  const load = () =>
    restoreStylesheets()
      .then(() => (failedUrl ? importAnew(failedUrl) : importer()))
      .catch(async (error: unknown) => {
        failedUrl = failedModuleUrl(error, window.location.origin) ?? failedUrl;
        if (!(await serverAnswers())) throw new PageLoadError({ cause: error });
        // The server answers: the failure may still be the one from when it did not (kept by the browser), so one
        // more try at once with a fresh key; if that fails too the chunk is really gone (a new deployment), and the
        // router's reload is right.
        if (!failedUrl) throw error;
        return importAnew(failedUrl);
      });
  return lazyRouteComponent(load, exportName);
}
