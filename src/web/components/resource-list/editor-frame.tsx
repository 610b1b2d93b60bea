// The frame of an editor page: breadcrumbs back to the list, a title, the form on a card, a failure above it,
// Cancel (back to the list, deliberately: no unsaved-changes prompt) and the submit button below it.
import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router';
import { ButtonLink } from '../router-links';
import classes from './editor-frame.module.css';

/** `before`, `after`: what the page shows above and below the form (a domain's DNS records, above while it waits for them). */
export function EditorFrame({ crumb, title, before, after, children }: { crumb: ReactNode; title: string; before?: ReactNode; after?: ReactNode; children: ReactNode }) {
  // A panel beside the form (a domain's DNS records, with long names and tokens) gets the page's width; the form
  // itself stays at a reading width.
  const wide = before !== undefined || after !== undefined;
  return (
    <Stack maw={wide ? 1040 : 640} className={classes.frame}>
      <Breadcrumbs classNames={{ root: classes.crumbs }}>
        {crumb}
        <Text className={classes.current}>{title}</Text>
      </Breadcrumbs>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {before}
      <Paper withBorder p="lg" maw={640} w="100%">
        {children}
      </Paper>
      {after}
    </Stack>
  );
}

export function FormError({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {message}
    </Alert>
  );
}

export interface EditorFormProps<TOptions = unknown> {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The title of the alert that shows a failed save (`error`). */
  errorTitle: string;
  error: string | null;
  /** Where Cancel goes (typed like a router <Link>). */
  cancel: ValidateLinkOptions<RegisteredRouter, TOptions>;
  pending: boolean;
  submitLabel: string;
  /** The unsaved-changes dialog of the form (`leaveGuard` of useSaveForm). */
  leaveGuard: ReactNode;
  children: ReactNode;
}

// TanStack Router's recipe for a typed link prop: a generic signature for callers, a plain one for the body.
export function EditorForm<TOptions>(props: EditorFormProps<TOptions>): ReactNode;
export function EditorForm({ onSubmit, errorTitle, error, cancel, pending, submitLabel, leaveGuard, children }: EditorFormProps): ReactNode {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormError title={errorTitle} message={error} />
        {children}
        <Group justify="flex-end">
          <ButtonLink variant="default" {...cancel} ignoreBlocker>
            Cancel
          </ButtonLink>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
      {leaveGuard}
    </form>
  );
}
