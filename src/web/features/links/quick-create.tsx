// The fast create: `c` anywhere in the dashboard (not while typing in a field, nor under another dialog), or
// the header's button on a touch screen, opens the dialog of quick-create-modal.tsx, loaded when first used.
import { Suspense, lazy, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconBolt } from '@tabler/icons-react';
import { DeferredTooltip } from '../../components/deferred-tooltip';

const QuickCreateModal = lazy(() => import('./quick-create-modal').then((m) => ({ default: m.QuickCreateModal })));

const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;

/** The header's button, the `c` hotkey, and the dialog. */
export function QuickCreate() {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const open = () => {
    if (dialogOpen()) return;
    setUsed(true);
    setOpened(true);
  };
  // The default ignores keys typed in inputs, text areas, selects and editable content.
  useHotkeys([['c', open]]);
  return (
    <>
      <DeferredTooltip label="Create a link fast (c)">
        <ActionIcon variant="default" size="lg" aria-label="Create a link fast" aria-keyshortcuts="c" onClick={open} data-testid="quick-create-button">
          <IconBolt size={18} />
        </ActionIcon>
      </DeferredTooltip>
      {used && (
        <Suspense fallback={null}>
          <QuickCreateModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
