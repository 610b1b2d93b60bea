// A custom domain's "DNS records" panel: whether it is verified, the records to set with their states at the last
// check, "Check now" (its result said in the panel, under the button, where no toast can cover the button), and
// what the records do. Shown on the page of a
// domain the workspace owns (another workspace's shared domain has none to show).
import { Alert, Badge, Button, Group, List, Notification, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DomainVerification } from '../../../shared/objects/domain-verification.object';
import { ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../components/resource-list/format';
import { useNow } from '../../lib/use-now';
import { checkOutcome, lastChecked, routingChoice } from './domain-state';
import { domainVerificationQueries, useVerifyDomain } from './domain-verification.queries';
import { DnsRecordsList } from './dns-records-list';

function Status({ v, now }: { v: DomainVerification; now: number }) {
  if (v.verified) {
    return (
      <Text size="sm" data-testid="dns-status">
        {v.verified_at ? `Verified on ${formatDateTime(v.verified_at)}` : 'Verified'}: short links on this domain work.
        {v.last_checked_at ? ` ${lastChecked(v.last_checked_at, now)}.` : ''}
      </Text>
    );
  }
  return (
    <Text size="sm" data-testid="dns-status">
      Not verified yet: until these records are right, visits to this domain get a “not found” page. {lastChecked(v.last_checked_at, now)}.
    </Text>
  );
}

export function DnsRecordsPanel({ domainId }: { domainId: number }) {
  const query = useQuery(domainVerificationQueries.detail(domainId));
  const verify = useVerifyDomain(domainId);
  const now = useNow(30_000);
  const [outcome, setOutcome] = useState<{ ok: boolean; title?: string; message: string } | null>(null);
  const checkNow = () => {
    setOutcome(null);
    verify.mutate(undefined, {
      onSuccess: (v) => {
        const o = checkOutcome(v);
        setOutcome(o.verified ? { ok: true, message: o.message } : { ok: false, title: o.title, message: o.message });
      },
      onError: (e) => setOutcome({ ok: false, title: 'Could not check the records', message: e.message }),
    });
  };

  const v = query.data;
  const choice = v ? routingChoice(v.records) : null;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="dns-records-title" data-testid="dns-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4" id="dns-records-title">
              DNS records
            </Title>
            {v && (
              <Badge color={v.verified ? 'green' : 'orange'} variant="light" data-testid="dns-verified">
                {v.verified ? 'Verified' : 'Pending DNS'}
              </Badge>
            )}
          </Group>
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={checkNow} loading={verify.isPending} disabled={!v}>
            Check now
          </Button>
        </Group>
        <div role="status">
          {outcome && (
            <Notification
              color={outcome.ok ? 'teal' : 'red'}
              title={outcome.title}
              withBorder
              onClose={() => setOutcome(null)}
              closeButtonProps={{ 'aria-label': 'Close the check result' }}
            >
              {outcome.message}
            </Notification>
          )}
        </div>
        {query.isPending ? (
          <LoadingState label="Loading DNS records…" />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load the DNS records" />
        ) : (
          <>
            <Status v={query.data} now={now} />
            {query.data.check_error && (
              <Alert color="yellow" variant="light" title="The last check could not finish" data-testid="dns-check-error">
                {query.data.check_error} The records’ states are from before.
              </Alert>
            )}
            <DnsRecordsList records={query.data.records} loading={verify.isPending} />
            {choice && (
              <Text size="sm" c="dimmed">
                {choice}
              </Text>
            )}
            <List size="sm" spacing={4}>
              <List.Item>The TXT record proves that the domain is yours. Its value is this domain’s own token.</List.Item>
              <List.Item>The routing record sends the domain’s visitors to this server.</List.Item>
              <List.Item>
                Linkdeck checks the records by itself: every few minutes during the first week, then daily. “Check now” checks at once. DNS changes can
                take a while to reach every resolver.
              </List.Item>
              <List.Item>A verified domain stays verified when its records change later: keep them as they are.</List.Item>
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}
