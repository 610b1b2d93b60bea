// Keyboard shortcuts of the signed-in dashboard: `/` focuses the list's search box (any input marked
// data-list-search), `?` opens the list of shortcuts. Neither fires while typing in a field or under a dialog.
import { Suspense, lazy, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconKeyboard } from '@tabler/icons-react';
import { DeferredTooltip } from './deferred-tooltip';

// The dialog (a Mantine Modal) loads when first opened.
const ShortcutsDialog = lazy(() => import('./keyboard-shortcuts-dialog').then((m) => ({ default: m.KeyboardShortcutsDialog })));

const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;

function focusSearch() {
  if (dialogOpen()) return;
  const box = document.querySelector<HTMLInputElement>('input[data-list-search]');
  box?.focus();
  box?.select();
}

/** The header's keyboard button, the hotkeys, and the dialog listing them. */
export function KeyboardShortcuts() {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const open = () => {
    if (dialogOpen()) return;
    setUsed(true);
    setOpened(true);
  };
  // "/" and "?" as typed, whatever the layout (Shift+7 is "/" on a German keyboard).
  useHotkeys([
    ['/', focusSearch],
    ['shift+/', focusSearch],
    ['?', open],
    ['shift+?', open],
  ]);
  return (
    <>
      <DeferredTooltip label="Keyboard shortcuts (?)">
        <ActionIcon variant="default" size="lg" aria-label="Keyboard shortcuts" aria-keyshortcuts="?" onClick={open} visibleFrom="xs">
          <IconKeyboard size={18} />
        </ActionIcon>
      </DeferredTooltip>
      {used && (
        <Suspense fallback={null}>
          <ShortcutsDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
