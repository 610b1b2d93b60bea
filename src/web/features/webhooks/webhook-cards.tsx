// The webhooks as cards on a phone (the table would scroll sideways with long URLs); edit and delete for those who
// may change webhooks.
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { Webhook } from '../../../shared/webhook.schema';
import { ActionIconLink, AnchorLink } from '../../components/router-links';
import { scopeLabel } from './webhook-text';
import { EventBadges, WebhookState } from './webhook-state';
import { Can } from '../../components/can';

export function WebhookCards({ rows, onDelete, loading }: { rows: Webhook[]; onDelete: (hook: Webhook) => void; loading: boolean }) {
  return (
    <Stack gap="sm" role="list" aria-label="Webhooks" style={{ opacity: loading ? 0.6 : 1 }}>
      {rows.map((h) => (
        <Paper withBorder p="sm" key={h.id} role="listitem" data-testid="webhook-row">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <AnchorLink to="/webhooks/$webhookId" params={{ webhookId: h.id }} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {h.url}
              </AnchorLink>
              <WebhookState hook={h} />
            </Group>
            <EventBadges events={h.events} />
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {scopeLabel(h)}
                {h.pending_deliveries > 0 && ` · ${h.pending_deliveries.toLocaleString('en')} waiting`}
              </Text>
              <Can scope="webhooks:write">
                <Group gap={4} wrap="nowrap">
                  <ActionIconLink to="/webhooks/$webhookId/edit" params={{ webhookId: h.id }} variant="subtle" aria-label={`Edit ${h.url}`}>
                  <IconEdit size={18} />
                </ActionIconLink>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${h.url}`} onClick={() => onDelete(h)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Can>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
