// Whether the server answers: the API client reports every outcome here, the shell's banner and the links
// loader read it. "Unreachable" is a network failure or a 502/503/504 (a proxy without its upstream, or the
// server without its database); any other answer, a 4xx included, means the server is there.

type Listener = () => void;

let reachable = true;
const listeners = new Set<Listener>();

export const connection = {
  /** For useSyncExternalStore. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  reachable: (): boolean => reachable,
  /** Called by the API client after each request. */
  report(answered: boolean): void {
    if (answered === reachable) return;
    reachable = answered;
    for (const listener of [...listeners]) listener();
  },
};

/** A response status that means "the server is not there right now" rather than "your request is wrong". */
export function isUnavailableStatus(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/**
 * `work`, or undefined as soon as the server turns out to be unreachable (at once when it already is): a route
 * loader then lets its page keep showing the last data while React Query goes on retrying in the background.
 */
export function unlessUnreachable<T>(work: Promise<T>): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve, reject) => {
    if (!reachable) {
      work.catch(() => undefined);
      resolve(undefined);
      return;
    }
    const stop = connection.subscribe(() => {
      if (!reachable) {
        stop();
        resolve(undefined);
      }
    });
    work.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(error);
      },
    );
  });
}
