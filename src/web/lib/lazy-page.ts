// The dashboard's lazily loaded pages (split routes): TanStack Router's lazyRouteComponent, with what a page whose
// code failed to load needs to load later. A failure while the server is away becomes a PageLoadError, which the
// route's error component (components/route-error.tsx) retries until the server is back, instead of the router's
// reload (meant for a chunk that a new deployment removed, it would land on the browser's own error page). Vite
// preloads a page's stylesheets once and never again, even when that failed: a failed one is added anew before the
// next try, and the page waits for it.
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

/** lazyRouteComponent(() => import('…/spaces-page'), 'SpacesPage'), retried after a failure while the server was away. */
export function lazyPage<T extends Record<string, unknown>, K extends keyof T = 'default'>(importer: () => Promise<T>, exportName?: K) {
  const load = () =>
    restoreStylesheets()
      .then(importer)
      .catch(async (error: unknown) => {
        throw (await serverAnswers()) ? error : new PageLoadError({ cause: error });
      });
  return lazyRouteComponent(load, exportName);
}
