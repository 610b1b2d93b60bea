// A header button that opens a dialog loaded on first use, by a click or by its hotkeys, which never fire while
// typing in a field (Mantine's default) nor under another dialog: the list of shortcuts, the fast create.
import { Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { DeferredTooltip } from './deferred-tooltip';

/** Whether a dialog is open (a hotkey then does nothing). */
export const dialogOpen = (): boolean => document.querySelector('[role="dialog"]') !== null;

interface HeaderDialogButtonProps {
  /** The button's name; its tooltip adds the shortcut. */
  label: string;
  /** The shortcut as shown ("c", "?"). */
  shortcut: string;
  /** The keys that open the dialog, as useHotkeys names them. */
  keys: string[];
  /** Other hotkeys of the same place. */
  hotkeys?: HotkeyItem[];
  icon: ReactNode;
  Dialog: LazyExoticComponent<ComponentType<{ opened: boolean; onClose: () => void }>>;
  buttonProps?: ActionIconProps & { 'data-testid'?: string };
}

export function HeaderDialogButton({ label, shortcut, keys, hotkeys = [], icon, Dialog, buttonProps }: HeaderDialogButtonProps) {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const open = () => {
    if (dialogOpen()) return;
    setUsed(true);
    setOpened(true);
  };
  useHotkeys([...hotkeys, ...keys.map((k): HotkeyItem => [k, open])]);
  return (
    <>
      <DeferredTooltip label={`${label} (${shortcut})`}>
        <ActionIcon variant="default" size="lg" aria-label={label} aria-keyshortcuts={shortcut} onClick={open} {...buttonProps}>
          {icon}
        </ActionIcon>
      </DeferredTooltip>
      {used && (
        <Suspense fallback={null}>
          <Dialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
