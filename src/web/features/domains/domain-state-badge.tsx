// A domain's state in the list: Verified, Pending DNS with when it was last checked, or Shared (another
// workspace's domain, read-only here) with why; the instance admin's own shared domain has an outlined "Shared"
// beside its state. The line under the badge is text, so touch and screen readers get it as well.
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Domain } from '../../../shared/domain.schema';
import { domainState } from './domain-state';

type Props = { domain: Pick<Domain, 'shared' | 'owned' | 'verified' | 'last_checked_at'>; now: number; mt?: number };

export function DomainStateBadge({ domain, now, mt }: Props) {
  const state = domainState(domain, now);
  return (
    <Stack gap={2} align="flex-start" mt={mt}>
      <Group gap={4} wrap="nowrap">
        <Badge color={state.color} variant="light" data-state={state.kind} style={{ flexShrink: 0 }}>
          {state.label}
        </Badge>
        {domain.owned && domain.shared && (
          <Badge color="grape" variant="outline" data-state="shared-by-you" style={{ flexShrink: 0 }}>
            Shared
          </Badge>
        )}
      </Group>
      {state.detail && (
        <Text size="xs" c="dimmed" maw={240} data-testid="domain-state-detail">
          {state.detail}
        </Text>
      )}
    </Stack>
  );
}
