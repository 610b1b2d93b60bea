// The operations as a table on wide screens and as cards on a phone (one or the other, never both), each named in
// words ("Deleted space Launch"); a bulk one also says what it changed and how the links were chosen. Undo is offered
// to those who may write what it brings back (links:write and the object's scope, UNDO_SCOPES).
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { ActionsTh } from '../../components/resource-list/row-actions';
import type { Operation } from '../../../shared/bulk.schema';
import { describeChanges, describeSelection, isBulk, undoState } from './operation-text';
import { formatDateTime as when } from '../../components/resource-list/format';
import { CardsOrTable } from '../../components/cards-or-table';
import { UNDO_SCOPES } from '../../../shared/api-scopes';
import { useCan } from '../../lib/current-workspace';

function UndoStatus({ op }: { op: Operation }) {
  const state = undoState(op);
  if (state === 'undone') return <Badge color="gray" variant="light">Undone {when(op.undone_at)}</Badge>;
  if (state === 'expired') return <Text size="sm" c="dimmed">No longer undoable</Text>;
  return <Text size="sm">Until {when(op.undo_until)}</Text>;
}

function What({ op }: { op: Operation }) {
  const bulk = isBulk(op);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {op.summary}
      </Text>
      {bulk && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {op.type === 'update' ? `${describeChanges(op)} · ` : ''}Chosen by {describeSelection(op.selection)}
        </Text>
      )}
    </Stack>
  );
}

function UndoButton({ op, onUndo }: { op: Operation; onUndo: (op: Operation) => void }) {
  const mayUndo = useCan('links:write');
  const mayWriteObject = useCan(UNDO_SCOPES[op.object]);
  if (!op.undoable || !mayUndo || !mayWriteObject) return null;
  return (
    <Button size="xs" variant="light" leftSection={<IconArrowBackUp size={14} aria-hidden />} onClick={() => onUndo(op)} aria-label={`Undo: ${op.summary}`}>
      Undo
    </Button>
  );
}

export function OperationsList({ rows, onUndo, loading }: { rows: Operation[]; onUndo: (op: Operation) => void; loading: boolean }) {
  return (
    <CardsOrTable
      items={rows}
      label="Operations"
      loading={loading}
      keyOf={(op) => op.id}
      itemProps={(op) => ({ 'data-testid': 'operation-row', 'data-type': op.type, 'data-object': op.object })}
      tableProps={{ striped: true }}
      card={(op) => (
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <What op={op} />
            <UndoButton op={op} onUndo={onUndo} />
          </Group>
          <Text size="xs" c="dimmed">
            {when(op.created_at)} · {op.count.toLocaleString('en')} {op.count === 1 ? 'link' : 'links'}
          </Text>
          <UndoStatus op={op} />
        </Stack>
      )}
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Links</Table.Th>
            <Table.Th>Undo</Table.Th>
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
      }
      rows={(op) => (
        <Table.Tr key={op.id} data-testid="operation-row" data-type={op.type} data-object={op.object}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{when(op.created_at)}</Text>
          </Table.Td>
          <Table.Td>
            <What op={op} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{op.count.toLocaleString('en')}</Text>
          </Table.Td>
          <Table.Td>
            <UndoStatus op={op} />
          </Table.Td>
          <Table.Td style={{ textAlign: 'right' }}>
            <UndoButton op={op} onUndo={onUndo} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
