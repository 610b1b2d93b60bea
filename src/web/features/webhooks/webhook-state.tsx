// Enabled, or Disabled with the reason in a tooltip (red when deliveries failed for 24 hours); the events as badges.
import { Badge, Group, Tooltip } from '@mantine/core';
import type { Webhook } from '../../../shared/webhook.schema';
import { eventLabel } from './webhook-text';

export const failedReason = (reason: string | null) => reason?.startsWith('Disabled:') === true;

export function WebhookState({ hook }: { hook: Pick<Webhook, 'enabled' | 'disabled_reason'> }) {
  if (hook.enabled) return <Badge color="green" variant="light" style={{ flexShrink: 0 }}>Enabled</Badge>;
  return (
    <Tooltip label={hook.disabled_reason ?? 'Disabled'} multiline w={320}>
      <Badge color={failedReason(hook.disabled_reason) ? 'red' : 'gray'} variant="light" tabIndex={0} style={{ flexShrink: 0 }}>
        Disabled
      </Badge>
    </Tooltip>
  );
}

/** The events a webhook listens to, as small outlined badges. */
export function EventBadges({ events }: { events: readonly string[] }) {
  return (
    <Group gap={4}>
      {events.map((e) => (
        <Badge key={e} variant="outline" color="gray" size="sm" tt="none">
          {eventLabel(e)}
        </Badge>
      ))}
    </Group>
  );
}
