// The frame of an editor page: breadcrumbs back to the list, a title, the form on a card, a failure above it.
import type { ReactNode } from 'react';
import { Alert, Breadcrumbs, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './editor-frame.module.css';

export function EditorFrame({ crumb, title, children }: { crumb: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack maw={640} className={classes.frame}>
      <Breadcrumbs>
        {crumb}
        <Text>{title}</Text>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg">
        {children}
      </Paper>
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
