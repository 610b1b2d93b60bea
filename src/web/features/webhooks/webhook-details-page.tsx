// A webhook's page: where it sends and what, enabled or why not, "Send test event", the signing secret,
// and the delivery log (refreshing by itself while deliveries wait). Its actions are for those who may change
// webhooks in the workspace.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconSend } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { ButtonLink, AnchorLink } from '../../components/router-links';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { ListPagination } from '../../components/list-pagination';
import { notify } from '../../components/resource-list/notify';
import { deliveriesQueryOptions, webhookQueries } from './webhooks.queries';
import { useSendTestEvent } from './webhooks.mutations';
import { responseSummary, scopeLabel } from './webhook-text';
import { EventBadges, WebhookState, failedReason } from './webhook-state';
import { WebhookSecretCard } from './webhook-secret-card';
import { DeliveryLog } from './delivery-log';
import { Can } from '../../components/can';

const route = getRouteApi('/app/webhooks/$webhookId');

export function WebhookDetailsPage() {
  const { webhookId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // Refreshes by itself while deliveries wait (so does the log).
  const { data: current } = useSuspenseQuery({ ...webhookQueries.detail(webhookId), refetchInterval: (q) => (q.state.data?.pending_deliveries ? 3000 : false) });
  const log = useQuery(deliveriesQueryOptions(webhookId, search, current.pending_deliveries > 0));
  const update = webhookQueries.useUpdate();
  const test = useSendTestEvent(webhookId);

  const toggle = () =>
    update.mutate({ id: webhookId, body: { enabled: current.enabled ? 0 : 1 } }, { onSuccess: (h) => notify.success(h.enabled ? 'The webhook is enabled.' : 'The webhook is disabled.') });
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (d) =>
        d.status === 'delivered' ? notify.success(`Test event delivered (${responseSummary(d)}).`) : notify.failure('Test event failed', responseSummary(d)),
      onError: (e) => notify.failure('Could not send the test event', e.message),
    });

  const rows = log.data?.data ?? [];
  return (
    <Stack gap="md">
      <Text size="sm">
        <AnchorLink to="/webhooks">Webhooks</AnchorLink>
      </Text>
      <PageHeader
        title="Webhook"
        description={<span style={{ overflowWrap: 'anywhere' }}>{current.url}</span>}
        actions={
          <Can scope="webhooks:write">
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={sendTest} loading={test.isPending}>
              Send test event
            </Button>
            <Button
              variant="default"
              leftSection={current.enabled ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
              onClick={toggle}
              loading={update.isPending}
            >
              {current.enabled ? 'Disable' : 'Enable'}
            </Button>
            <ButtonLink variant="default" to="/webhooks/$webhookId/edit" params={{ webhookId }} leftSection={<IconEdit size={16} aria-hidden />}>
              Edit
            </ButtonLink>
          </Can>
        }
      />
      {!current.enabled && (
        <Alert color={failedReason(current.disabled_reason) ? 'red' : 'gray'} variant="light" title="This webhook is disabled" data-testid="disabled-reason">
          {current.disabled_reason ?? 'Disabled.'} {current.pending_deliveries > 0 && `${current.pending_deliveries.toLocaleString('en')} deliveries wait until it is enabled again.`}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm" fw={600} w={80}>
              State
            </Text>
            <WebhookState hook={current} />
          </Group>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Text size="sm" fw={600} w={80} style={{ flexShrink: 0 }}>
              Events
            </Text>
            <EventBadges events={current.events} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} w={80} style={{ flexShrink: 0 }}>
              Links
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {scopeLabel(current)}
            </Text>
          </Group>
        </Stack>
      </Paper>
      <WebhookSecretCard hook={current} />
      <Title order={2} size="h4">
        Deliveries
      </Title>
      {log.isPending ? (
        <LoadingState label="Loading deliveries…" />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} title="Could not load the deliveries" />
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState title="Nothing sent yet" description="Events show up here as they are sent, with the answer of your endpoint. Try “Send test event”." />
        </Paper>
      ) : (
        <DeliveryLog rows={rows} loading={log.isPlaceholderData} />
      )}
      {log.data && log.data.meta.total > 0 && (
        <ListPagination
          meta={log.data.meta}
          noun="deliveries"
          onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
          onPerPage={(per_page) => void navigate({ search: (prev) => ({ ...prev, page: 1, per_page: per_page as typeof search.per_page }) })}
        />
      )}
    </Stack>
  );
}
