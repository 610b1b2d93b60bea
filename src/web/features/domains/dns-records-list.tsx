// The DNS records a custom domain needs: type and what it is for, name and value each with a copy button,
// and the state at the last check (for a wrong record, what was found instead). A table on wider screens (name and
// value one above the other, so that a token fits on one line), cards on a phone.
import { Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { DnsRecord } from '../../../shared/objects/domain-verification.object';
import { CardsOrTable } from '../../components/cards-or-table';
import { CopyButton } from '../../components/copy-button';
import { foundInstead, recordPurpose, recordState } from './domain-state';

const keyOf = (r: DnsRecord) => `${r.type} ${r.name} ${r.value}`;

/** A host name that breaks after its dots (a line break inside a label reads as two names), anywhere only when a label is longer than the line. */
function HostName({ value }: { value: string }) {
  const labels = value.split('.');
  return labels.map((label, i) => (
    <span key={i}>
      {label}
      {i < labels.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </span>
  ));
}

/** A value to type into a DNS provider's form, with its copy button: a name broken after its dots, a token anywhere. */
function Copyable({ value, what }: { value: string; what: string }) {
  const name = what === 'name';
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code style={{ overflowWrap: 'anywhere', wordBreak: name ? 'normal' : 'break-all', minWidth: 0 }} data-testid={`dns-${what}`}>
        {name ? <HostName value={value} /> : value}
      </Code>
      <CopyButton value={value} label={`Copy ${what}`} />
    </Group>
  );
}

/** "Name" or "Value" and the copyable text: beside it in the table, above it on a card. */
function Labelled({ label, value, what, inline = false }: { label: string; value: string; what: string; inline?: boolean }) {
  const word = (
    <Text size="xs" fw={600} w={inline ? 40 : undefined} pt={inline ? 2 : 0} style={{ flexShrink: 0 }}>
      {label}
    </Text>
  );
  if (!inline) {
    return (
      <Stack gap={2}>
        {word}
        <Copyable value={value} what={what} />
      </Stack>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {word}
      <Copyable value={value} what={what} />
    </Group>
  );
}

function StateBadge({ record }: { record: DnsRecord }) {
  const { label, color } = recordState(record.state);
  const found = foundInstead(record);
  return (
    <Stack gap={2} align="flex-start">
      {/* Whole, on two lines if it must (Mantine cuts a badge's label with an ellipsis). */}
      <Badge color={color} variant="light" data-state={record.state} tt="none" h="auto" py={2} styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } }} style={{ flexShrink: 0, maxWidth: '100%' }}>
        {label}
      </Badge>
      {found && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="dns-found">
          {found}
        </Text>
      )}
    </Stack>
  );
}

function TypeCell({ record }: { record: DnsRecord }) {
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {record.type}
      </Text>
      <Text size="xs" c="dimmed">
        {recordPurpose(record)}
      </Text>
    </Stack>
  );
}

export function DnsRecordsList({ records, loading }: { records: readonly DnsRecord[]; loading: boolean }) {
  return (
    <CardsOrTable
      items={records}
      label="DNS records to set"
      keyOf={keyOf}
      loading={loading}
      minWidth={520}
      itemProps={(r) => ({ 'data-testid': 'dns-record', 'data-type': r.type })}
      head={
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={130}>Type</Table.Th>
            <Table.Th>Record</Table.Th>
            <Table.Th w={150}>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
      }
      rows={(r) => (
        <Table.Tr key={keyOf(r)} data-testid="dns-record" data-type={r.type}>
          <Table.Td>
            <TypeCell record={r} />
          </Table.Td>
          <Table.Td>
            <Stack gap={6}>
              <Labelled label="Name" value={r.name} what="name" inline />
              <Labelled label="Value" value={r.value} what="value" inline />
            </Stack>
          </Table.Td>
          <Table.Td>
            <StateBadge record={r} />
          </Table.Td>
        </Table.Tr>
      )}
      card={(r) => (
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <TypeCell record={r} />
            <StateBadge record={r} />
          </Group>
          <Labelled label="Name" value={r.name} what="name" />
          <Labelled label="Value" value={r.value} what="value" />
        </Stack>
      )}
    />
  );
}
