// Stand-ins for heavy controls (components/deferred-*.tsx, the links list's Export menu): a module loaded on first
// need, and the handover from the stand-in to the real control once that is mounted: the focus, then the
// interactions the stand-in received (replayed on the real element, in order), so that the first click or key
// already does what it would have done on the real control.
import { useReducer, useState } from 'react';

type Replay<E> = (el: E) => void;

export class Handover<E extends HTMLElement = HTMLElement> {
  private focused = false;
  private now: Replay<E>[] = [];
  private later: Replay<E>[] = [];

  /** The stand-in's focus and blur handlers: the real control takes the focus if the stand-in had it. */
  readonly onFocus = () => {
    this.focused = true;
  };
  readonly onBlur = () => {
    this.focused = false;
  };

  /**
   * Something to do again on the real element. `later`: once what the control renders in a portal is there (a
   * Select's options, which a click or an ArrowDown selects from); otherwise at once (text typed into the
   * stand-in, which the next keys add to).
   */
  record(replay: Replay<E>, later = false): void {
    (later ? this.later : this.now).push(replay);
  }

  forget(): void {
    this.now.length = 0;
    this.later.length = 0;
  }

  /**
   * The focus, if the stand-in had it: from a layout effect of the real control (so that no key typed meanwhile is
   * lost); takeOver does it too.
   */
  takeFocus(el: E | null): void {
    if (el && this.focused && el.ownerDocument.activeElement !== el) el.focus({ preventScroll: true });
  }

  /**
   * Run by the real control in an effect, with its element (after the control's own mount effects, e.g. a Select's
   * that sets its search to the value's label): the focus, then what the stand-in got.
   */
  takeOver(el: E | null): void {
    if (!el) return;
    this.takeFocus(el);
    for (const replay of this.now.splice(0)) replay(el);
    const later = this.later.splice(0);
    if (later.length === 0) return;
    window.setTimeout(() => {
      if (el.isConnected) for (const replay of later) replay(el);
    }, 0);
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
 * A stand-in's state: `want(replay, later)` asks for the real control (and records what to replay on it); `real` is the
 * loaded module once wanted (the real control renders), until then undefined (the stand-in renders).
 */
export function useDeferred<M, E extends HTMLElement>(module: DeferredModule<M>) {
  const [handover] = useState(() => new Handover<E>());
  const [wanted, setWanted] = useState(false);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const want = (replay?: Replay<E>, later = false) => {
    if (replay) handover.record(replay, later);
    setWanted(true);
    module.get().then(loaded, () => {
      // Offline, or a new deployment replaced the chunk: the stand-in stays; the next interaction tries again.
      handover.forget();
      setWanted(false);
    });
  };
  return { real: wanted ? module.current() : undefined, handover, want };
}
