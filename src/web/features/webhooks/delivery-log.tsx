// A webhook's delivery log: each event sent (or waiting), its state, attempts, the last answer (status and
// the start of its body, shown as text) and how long it took. A table on wide screens, cards on a phone.
import { Badge, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { WebhookDelivery } from '../../../shared/webhook.schema';
import { DELIVERY_COLORS, deliveryStatusLabel, eventLabel, formatDuration, responseSummary } from './webhook-text';
import { usePhoneWidth } from '../../lib/use-phone-width';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }) : '—';
}

function StatusCell({ d }: { d: WebhookDelivery }) {
  return (
    <Stack gap={2}>
      {/* Its whole label ("Retrying (attempt 2 failed)"): a badge hides its overflow, so it would shrink with the column. */}
      <Badge color={DELIVERY_COLORS[d.status]} variant="light" data-status={d.status} style={{ flexShrink: 0, minWidth: 'max-content' }}>
        {deliveryStatusLabel(d)}
      </Badge>
      {d.next_attempt_at && (
        <Text size="xs" c="dimmed">
          Next try {when(d.next_attempt_at)}
        </Text>
      )}
    </Stack>
  );
}

function Excerpt({ d }: { d: WebhookDelivery }) {
  const text = responseSummary(d);
  return (
    <Code block data-testid="delivery-excerpt" title={d.response_excerpt ?? undefined} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 72, overflow: 'hidden' }}>
      {text}
    </Code>
  );
}

export function DeliveryLog({ rows, loading }: { rows: WebhookDelivery[]; loading: boolean }) {
  const narrow = usePhoneWidth();
  if (narrow) {
    return (
      <Stack gap="sm" role="list" aria-label="Deliveries" style={{ opacity: loading ? 0.6 : 1 }}>
        {rows.map((d) => (
          <Paper withBorder p="sm" key={d.id} role="listitem" data-testid="delivery-row">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600}>
                  {eventLabel(d.event)}
                </Text>
                <StatusCell d={d} />
              </Group>
              <Text size="xs" c="dimmed">
                {when(d.created_at)} · {d.attempts === 1 ? '1 attempt' : `${d.attempts} attempts`} · {formatDuration(d.duration_ms)}
              </Text>
              <Excerpt d={d} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="sm" aria-label="Deliveries" style={{ opacity: loading ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Response</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Queued</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id} data-testid="delivery-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {eventLabel(d.event)}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {d.event_id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusCell d={d} />
                </Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td maw={340}>
                  <Excerpt d={d} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(d.duration_ms)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {when(d.created_at)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
