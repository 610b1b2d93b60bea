// Creating an invitation: a role (owners may invite owners; the others only what they may give) and how many days it
// lasts (7 unless changed). The answer's link is shown once, with a copy button: only its hash is kept.
import { useState } from 'react';
import { Alert, Button, Code, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { WORKSPACE_ROLE_DESCRIPTIONS, WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../../../shared/workspace-roles';
import { INVITATION_DAYS, invitationCreateSchema, type NewInvitation } from '../../../shared/invitation.schema';
import { CopyButton } from '../../components/copy-button';
import { FormError } from '../../components/resource-list/editor-frame';
import { formatDateTime } from '../../components/resource-list/format';
import { applyApiErrors, fieldError } from '../../lib/field-errors';
import { grantableRoles } from './members-rules';
import { invitationQueries } from './invitations.queries';
type FormIn = z.input<typeof invitationCreateSchema>;
type FormOut = z.output<typeof invitationCreateSchema>;

/** The link of a new invitation, shown this once. */
export function InvitationLinkOnce({ invitation, onDone }: { invitation: NewInvitation; onDone: () => void }) {
  return (
    <Alert color="yellow" variant="light" title="Invitation link" icon={<IconLink aria-hidden />} data-testid="invitation-link">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Shown once: copy it now. Linkdeck keeps only a hash of it and cannot show it again.
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="invitation-url">
            {invitation.url}
          </Code>
          <CopyButton value={invitation.url} label="Copy invitation link" />
        </Group>
        <Text size="sm">
          Send it to the person you invite. Once signed in, they join as {WORKSPACE_ROLE_LABELS[invitation.role].toLowerCase()} when they open it, until{' '}
          {formatDateTime(invitation.expires_at)}. It works once.
        </Text>
        <Group>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function InvitationsCreate({ workspaceId, actor }: { workspaceId: number; actor: WorkspaceRole }) {
  const create = invitationQueries(workspaceId).useCreate();
  const [created, setCreated] = useState<NewInvitation | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(invitationCreateSchema), defaultValues: { role: 'member', expires_in_days: INVITATION_DAYS.default } });
  const errors = form.formState.errors;
  const roles = grantableRoles(actor).map((value) => ({ value, label: WORKSPACE_ROLE_LABELS[value] }));

  const onSubmit = form.handleSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: (invitation) => {
        setCreated(invitation);
        form.reset();
      },
      onError: (e) => {
        const { other } = applyApiErrors(e, { fields: ['role', 'expires_in_days'] }, form.setError);
        setFormError(other.length ? other.join(' ') : null);
      },
    });
  });

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Invite someone
        </Title>
        <Text size="sm" c="dimmed">
          An invitation is a link, not an email: send it yourself. Whoever opens it signed in to this Linkdeck joins with the role chosen here.
        </Text>
        {created ? (
          <InvitationLinkOnce invitation={created} onDone={() => setCreated(null)} />
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <FormError title="Could not create the invitation" message={formError} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Controller
                  control={form.control}
                  name="role"
                  render={({ field }) => (
                    <Select
                      label="Role"
                      data={roles}
                      value={field.value}
                      onChange={(v) => v && field.onChange(v)}
                      allowDeselect={false}
                      description={WORKSPACE_ROLE_DESCRIPTIONS[field.value]}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      error={fieldError(errors.role)}
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="expires_in_days"
                  render={({ field }) => (
                    <NumberInput
                      label="Valid for (days)"
                      description={`From ${INVITATION_DAYS.min} to ${INVITATION_DAYS.max} days.`}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      min={INVITATION_DAYS.min}
                      max={INVITATION_DAYS.max}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      value={typeof field.value === 'number' ? field.value : ''}
                      onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={fieldError(errors.expires_in_days)}
                    />
                  )}
                />
              </SimpleGrid>
              <Group>
                <Button type="submit" loading={create.isPending}>
                  Create invitation link
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
