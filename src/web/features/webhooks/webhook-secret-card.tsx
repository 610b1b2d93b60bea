// The signing secret: hidden until revealed, copyable, and replaceable (the old one stops signing at once).
// Like Stripe and Dub it can be read again: Linkdeck must keep it in clear text to sign, so hiding it after
// creation would protect nothing.
import { useState } from 'react';
import { ActionIcon, Button, Code, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import type { Webhook } from '../../../shared/webhook.schema';
import { REPLAY_WINDOW_S } from '../../../shared/webhook.schema';
import { CopyButton } from '../../components/copy-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/resource-list/notify';
import { webhookQueries } from './webhooks.queries';
import { Can } from '../../components/can';

const VERIFY = `// Node.js: verify before trusting the body (raw bytes, not re-encoded JSON)
const [t, sig] = header.match(/^t=(\\d+),sha256=([0-9a-f]{64})$/).slice(1);
const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= ${REPLAY_WINDOW_S};
const ok = fresh && crypto.timingSafeEqual(Buffer.from(sig, 'hex'), Buffer.from(expected, 'hex'));`;

export function WebhookSecretCard({ hook }: { hook: Webhook }) {
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  const update = webhookQueries.useUpdate();
  const secret = hook.secret ?? '';
  const rotate = () =>
    update.mutate(
      { id: hook.id, body: { rotate_secret: 1 } },
      {
        onSuccess: () => {
          setAsking(false);
          setShown(true);
          notify.success('A new signing secret is in use.');
        },
      },
    );

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Signing secret
        </Title>
        <Text size="sm" c="dimmed">
          Every request carries <Code>X-Linkdeck-Signature: t=&lt;unix time&gt;,sha256=&lt;hex&gt;</Code>, an HMAC-SHA256 of <Code>t.body</Code> with this secret. Refuse
          requests whose <Code>t</Code> is more than {REPLAY_WINDOW_S / 60} minutes off (replays).
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
            {shown ? secret : '•'.repeat(Math.min(secret.length, 38))}
          </Code>
          <Tooltip label={shown ? 'Hide' : 'Reveal'}>
            <ActionIcon variant="subtle" color="gray" onClick={() => setShown(!shown)} aria-label={shown ? 'Hide secret' : 'Reveal secret'}>
              {shown ? <IconEyeOff size={18} /> : <IconEye size={18} />}
            </ActionIcon>
          </Tooltip>
          <CopyButton value={secret} label="Copy secret" />
        </Group>
        <Can scope="webhooks:write">
          <Group>
            <Button variant="default" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => setAsking(true)}>
              Make a new secret
            </Button>
          </Group>
        </Can>
        <details>
          <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>How to verify a request</summary>
          <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {VERIFY}
          </Code>
        </details>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Make a new signing secret?"
        confirmLabel="Make a new secret"
        onConfirm={rotate}
        onClose={() => setAsking(false)}
        pending={update.isPending}
        error={update.error}
      >
        Requests are signed with the new secret from now on; your receiver must use it at once.
      </ConfirmDialog>
    </Paper>
  );
}
