// The list of keyboard shortcuts, opened with `?` or the header's keyboard button; the fast create's only for those
// who may create links in the workspace.
import { Kbd, Modal, Table, Text } from '@mantine/core';
import type { ApiScope } from '../../shared/api-scopes';
import { useCan } from '../lib/current-workspace';

const SHORTCUTS: { keys: string[]; what: string; scope?: ApiScope }[] = [
  { keys: ['/'], what: "Focus the list's search box" },
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['c'], what: 'Create a link fast: paste a URL, press Enter (the short URL is copied)', scope: 'links:write' },
  { keys: ['Esc'], what: 'Close a dialog or menu' },
  { keys: ['Tab'], what: 'First Tab on a page: skip to the main content' },
  { keys: ['Enter'], what: 'Open a focused menu button; in a form, save' },
  { keys: ['↑', '↓'], what: 'Move through a menu or a list of options' },
  { keys: ['Space'], what: 'Tick a focused checkbox (select a row)' },
];

export function KeyboardShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mayCreate = useCan('links:write');
  const shown = SHORTCUTS.filter((s) => s.scope !== 'links:write' || mayCreate);
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Table verticalSpacing="xs" data-testid="shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((s) => (
            <Table.Tr key={s.what}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' '}
                    <Kbd>{k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{s.what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        {mayCreate ? '/, ? and c do nothing while you type in a field.' : '/ and ? do nothing while you type in a field.'}
      </Text>
    </Modal>
  );
}
