// Stand-ins for heavy controls (components/deferred-*.tsx, the links list's Export menu): a module loaded on first
// need, and the handover from the stand-in to the real control once that is mounted: the focus, then the
// interactions the stand-in received (replayed on the real element, in order), so that the first click or key
// already does what it would have done on the real control.
import { useReducer, useState } from 'react';

export class Handover<E extends HTMLElement = HTMLElement> {
  private focused = false;
  private replays: ((el: E) => void)[] = [];

  /** The stand-in's focus and blur handlers: the real control takes the focus if the stand-in had it. */
  readonly onFocus = () => {
    this.focused = true;
  };
  readonly onBlur = () => {
    this.focused = false;
  };

  record(replay: (el: E) => void): void {
    this.replays.push(replay);
  }

  forget(): void {
    this.replays.length = 0;
  }

  /** Run by the real control once mounted, with its element: it takes the focus, then the recorded interactions. */
  takeOver(el: E | null): void {
    if (!el) return;
    if (this.focused) el.focus({ preventScroll: true });
    for (const replay of this.replays.splice(0)) replay(el);
  }
}

export interface DeferredModule<M> {
  /** Starts loading (or returns the load under way); a failed load is tried again next time. */
  get: () => Promise<M>;
  /** The module once loaded. */
  current: () => M | undefined;
  /** Starts loading, e.g. when the stand-in is pointed at (a failure is left to the next get). */
  preload: () => void;
}

export function deferredModule<M>(load: () => Promise<M>): DeferredModule<M> {
  let mod: M | undefined;
  let pending: Promise<M> | undefined;
  const get = () =>
    (pending ??= load().then(
      (m) => (mod = m),
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  return { get, current: () => mod, preload: () => void get().catch(() => undefined) };
}

/**
 * A stand-in's state: `want(replay)` asks for the real control (and records what to replay on it); `real` is the
 * loaded module once wanted (the real control renders), until then undefined (the stand-in renders).
 */
export function useDeferred<M, E extends HTMLElement>(module: DeferredModule<M>) {
  const [handover] = useState(() => new Handover<E>());
  const [wanted, setWanted] = useState(false);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const want = (replay?: (el: E) => void) => {
    if (replay) handover.record(replay);
    setWanted(true);
    module.get().then(loaded, () => {
      // Offline, or a new deployment replaced the chunk: the stand-in stays; the next interaction tries again.
      handover.forget();
      setWanted(false);
    });
  };
  return { real: wanted ? module.current() : undefined, handover, want };
}
