// The one guard of every editor against losing edits: while its form is dirty, leaving the page (a link, the
// browser's back button) asks first, and closing or reloading the tab gets the browser's own prompt
// (beforeunload). Saving (release() before the navigation that follows it) and Cancel (a link or navigate
// with `ignoreBlocker`) are deliberate and never ask.
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from './confirm-dialog';

export interface UnsavedChangesGuard {
  /** The "Leave this page?" dialog: render it once, anywhere in the editor. */
  dialog: ReactNode;
  /** Lets the navigations after a save through; the form is guarded again once it is clean and then edited. */
  release: () => void;
}

export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  // Refs, so the blocker (registered once) reads the state of the latest render, and a release takes effect
  // before the re-render (a save navigates in the same tick).
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (!dirty) released.current = false;
  }, [dirty]);

  const guarding = useCallback(() => dirtyRef.current && !released.current, []);
  const shouldBlockFn = useCallback(
    // Only leaving the page: a change of the search params on the same page keeps the form.
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) => guarding() && current.pathname !== next.pathname,
    [guarding],
  );
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload: guarding, withResolver: true });
  const release = useCallback(() => {
    released.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      opened={blocker.status === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave and discard changes"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      Your changes on this page are not saved. If you leave, they are lost.
    </ConfirmDialog>
  );
  return { dialog, release };
}
