// Keyboard shortcuts of the signed-in dashboard: `/` focuses the list's search box (any input marked
// data-list-search), `?` opens the list of shortcuts. Neither fires while typing in a field or under a dialog.
import { lazy } from 'react';
import { IconKeyboard } from '@tabler/icons-react';
import { dialogOpen, HeaderDialogButton } from './header-dialog-button';

// The dialog (a Mantine Modal) loads when first opened.
const ShortcutsDialog = lazy(() => import('./keyboard-shortcuts-dialog').then((m) => ({ default: m.KeyboardShortcutsDialog })));

function focusSearch() {
  if (dialogOpen()) return;
  const box = document.querySelector<HTMLInputElement>('input[data-list-search]');
  box?.focus();
  box?.select();
}

/** The header's keyboard button, the hotkeys, and the dialog listing them. */
export function KeyboardShortcuts() {
  // "/" and "?" as typed, whatever the layout (Shift+7 is "/" on a German keyboard).
  return (
    <HeaderDialogButton
      label="Keyboard shortcuts"
      shortcut="?"
      keys={['?', 'shift+?']}
      hotkeys={[
        ['/', focusSearch],
        ['shift+/', focusSearch],
      ]}
      icon={<IconKeyboard size={18} />}
      Dialog={ShortcutsDialog}
      buttonProps={{ visibleFrom: 'xs' }}
    />
  );
}
