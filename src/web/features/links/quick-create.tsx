// The fast create: `c` anywhere in the dashboard (not while typing in a field, nor under another dialog), or
// the header's button on a touch screen, opens the dialog of quick-create-modal.tsx, loaded when first used.
import { lazy } from 'react';
import { IconBolt } from '@tabler/icons-react';
import { HeaderDialogButton } from '../../components/header-dialog-button';

const QuickCreateModal = lazy(() => import('./quick-create-modal').then((m) => ({ default: m.QuickCreateModal })));

/** The header's button, the `c` hotkey, and the dialog. */
export function QuickCreate() {
  return (
    <HeaderDialogButton
      label="Create a link fast"
      shortcut="c"
      keys={['c']}
      icon={<IconBolt size={18} />}
      Dialog={QuickCreateModal}
      buttonProps={{ 'data-testid': 'quick-create-button' }}
    />
  );
}
