// The fast create dialog (opened with `c`, quick-create.tsx): paste a URL, press Enter, and the link is created
// on the default domain, its short URL copied to the clipboard and shown. "More options" opens the full editor
// with the URL filled in. The URL is checked by the create's own schema before it is sent, and a refused create
// says why on the field, in the editor's words.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { linkCreateSchema, type Link } from '../../../shared/link.schema';
import { withDefaultScheme } from '../../../shared/fields';
import { ApiError } from '../../lib/api-client';
import { fieldPredicate } from '../../lib/field-errors';
import { usePhoneWidth } from '../../lib/use-phone-width';
import { CopyButton } from '../../components/copy-button';
import { linkQueries } from './links.queries';
import { linkFieldMessage, linkOtherMessage } from './link-field-messages';

const NO_RULES = { targetsType: null, targets: [] };

/** The create's refusal in the editor's words ("Destination URL must be a valid http or https URL."). */
function refusal(err: unknown): string {
  if (err instanceof ApiError && err.status === 422) {
    const [field, messages] = Object.entries(err.errors)[0] ?? [];
    if (field === 'url' && messages?.[0]) return linkFieldMessage('url', fieldPredicate('url', messages[0]), NO_RULES);
    return linkOtherMessage(err.message, null);
  }
  return err instanceof Error ? err.message : 'The link was not created.';
}

async function copied(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function Created({ link, copiedOk, onAnother, onClose }: { link: Link; copiedOk: boolean; onAnother: () => void; onClose: () => void }) {
  const navigate = useNavigate();
  const another = useRef<HTMLButtonElement>(null);
  // The focus was on the field, now gone: on the next step, so that Enter makes another link.
  useEffect(() => another.current?.focus(), []);
  return (
    <Stack gap="sm" data-testid="quick-create-done">
      <Group gap={6} wrap="nowrap" align="flex-start" c="var(--mantine-color-teal-light-color)">
        <IconCircleCheck size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="var(--mantine-color-teal-light-color)" role="status">
          {copiedOk ? 'Created, and its short URL is copied to the clipboard:' : 'Created. Copy its short URL with the button:'}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap" align="center">
        <Text fw={700} size="lg" data-testid="quick-create-short-url" style={{ wordBreak: 'break-all' }}>
          {link.short_url}
        </Text>
        <CopyButton value={link.short_url} label="Copy short URL" />
      </Group>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        To {link.url}
      </Text>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button
          variant="default"
          onClick={() => {
            onClose();
            void navigate({ to: '/links/$linkId/edit', params: { linkId: link.id } });
          }}
        >
          Edit
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onAnother} ref={another}>
          Create another
        </Button>
      </Group>
    </Stack>
  );
}

export function QuickCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = usePhoneWidth();
  const navigate = useNavigate();
  const create = linkQueries.useCreate();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ link: Link; copied: boolean } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // "Create another": the field again, focused (the dialog focused it only when it opened).
  useEffect(() => {
    if (opened && !done) field.current?.focus();
  }, [opened, done]);

  const reset = () => {
    setUrl('');
    setError(null);
    setDone(null);
  };
  const close = () => {
    onClose();
    reset();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const typed = withDefaultScheme(url.trim());
    setUrl(typed);
    // The create's own schema: a bad URL is said at once, without a request.
    const checked = linkCreateSchema.safeParse({ url: typed });
    if (!checked.success) {
      const issue = checked.error.issues.find((i) => i.path[0] === 'url') ?? checked.error.issues[0];
      setError(linkFieldMessage('url', issue?.message ?? 'is invalid.', NO_RULES));
      return;
    }
    setError(null);
    try {
      const link = await create.mutateAsync({ url: typed });
      setDone({ link, copied: await copied(link.short_url) });
    } catch (err) {
      setError(refusal(err));
    }
  };

  const moreOptions = () => {
    const typed = withDefaultScheme(url.trim());
    close();
    void navigate({ to: '/links/new', search: typed ? { url: typed } : {} });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create a link"
      size="lg"
      fullScreen={phone}
      centered={!phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="quick-create"
    >
      {done ? (
        <Created link={done.link} copiedOk={done.copied} onAnother={reset} onClose={close} />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create a link">
          <Stack gap="sm">
            <TextInput
              label="Destination URL"
              description="Paste it and press Enter: the link goes on the default domain and its short URL is copied."
              placeholder="https://example.com/landing"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={error}
              required
              ref={field}
              data-autofocus
              autoComplete="off"
              inputMode="url"
            />
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Button variant="subtle" onClick={moreOptions} px={phone ? 'xs' : undefined}>
                More options
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create and copy
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
