// What the person's role in the current workspace allows: every write action of a page is wrapped in
// <Can scope="links:write">, so that a viewer sees no button it cannot use; a page that is only a form (an editor,
// the import) says instead that the role does not allow it (writeOnly).
import type { ReactNode } from 'react';
import type { AsyncRouteComponent } from '@tanstack/react-router';
import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ApiScope } from '../../shared/api-scopes';
import { WORKSPACE_ROLE_LABELS } from '../../shared/workspace-roles';
import { useAccountWorkspace, useCan, useCanYet } from '../lib/current-workspace';
import { LoadingState } from './states';

/** `children` when the person may use `scope` in the current workspace, else `fallback` (nothing). */
export function Can({ scope, children, fallback = null }: { scope: ApiScope; children: ReactNode; fallback?: ReactNode }) {
  return useCan(scope) ? children : fallback;
}

/** Why a page's form is not shown: the role in this workspace, named, does not allow `what` ("change links"). */
export function ReadOnlyState({ what }: { what: string }) {
  const workspace = useAccountWorkspace();
  const role = workspace ? WORKSPACE_ROLE_LABELS[workspace.role].toLowerCase() : undefined;
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={460} ta="center" data-testid="read-only-state">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={26} />
        </ThemeIcon>
        <Title order={1} size="h4">
          Read only
        </Title>
        <Text c="dimmed">
          {workspace && role
            ? `Your role in ${workspace.name} is ${role}: it does not let you ${what}. An admin of the workspace can give you another role.`
            : `Your role in this workspace does not let you ${what}.`}
        </Text>
      </Stack>
    </Center>
  );
}

/** A route's page (a lazily loaded one keeps its preload) that only someone who may use `scope` sees; others get ReadOnlyState. */
export function writeOnly(scope: ApiScope, what: string, Page: AsyncRouteComponent<unknown>) {
  const Guarded = () => {
    const can = useCanYet(scope);
    return can === undefined ? <LoadingState /> : can ? <Page /> : <ReadOnlyState what={what} />;
  };
  return Object.assign(Guarded, { preload: Page.preload });
}
