// Enabled, or Disabled with the reason in a tooltip (red when deliveries failed for 24 hours).
import { Badge, Tooltip } from '@mantine/core';
import type { Webhook } from '../../../shared/webhook.schema';

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
