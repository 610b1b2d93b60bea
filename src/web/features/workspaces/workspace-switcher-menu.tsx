// The switcher's menu (loaded when its stand-in, workspace-switcher.tsx, is first used): the person's workspaces with
// their role, the current one checked (menuitemradio), and "Create workspace…". Choosing one goes to the list of the
// section the person is in, with the workspace in the address (`ws`, absent for their personal workspace): the
// address names the workspace, so a shared one opens the same workspace for a member.
import { useEffect, useRef, useState } from 'react';
import { Menu, Text } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { WORKSPACE_ROLE_LABELS } from '../../../shared/workspace-roles';
import { workspaceParam } from '../../../shared/workspace-search';
import type { Handover } from '../../components/handover';
import { accountQueryOptions } from '../../lib/session.queries';
import { myWorkspacesQueryOptions, useWorkspaceId } from '../../lib/current-workspace';
import type { WorkspaceSwitcherProps } from './workspace-switcher';
import { SwitcherButton } from './workspace-switcher-button';
import { CreateWorkspaceModal } from './workspace-switcher-create';

interface WorkspaceMenuProps extends WorkspaceSwitcherProps {
  name: string;
  role: string | undefined;
  handover: Handover<HTMLButtonElement>;
}

export function WorkspaceMenu({ section, onSwitched, fullWidth, name, role, handover }: WorkspaceMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => handover.takeOver(target.current), [handover]);
  const navigate = useNavigate();
  const person = useQuery(accountQueryOptions()).data?.id;
  const mine = useQuery(myWorkspacesQueryOptions());
  const id = useWorkspaceId();
  const [creating, setCreating] = useState(false);
  const current = id ?? person;

  const switchTo = (workspaceId: number) => {
    if (person === undefined) return;
    onSwitched?.();
    // The section's list, without the page's filters: they name the other workspace's rows.
    void navigate({ to: section as '/links', search: { ws: workspaceParam(workspaceId, person) } });
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal shadow="md" width={fullWidth ? 'target' : 300} checkIcon={<IconCheck size={16} aria-hidden />} onOpen={() => void mine.refetch()}>
        <Menu.Target>
          <SwitcherButton ref={target} name={name} role={role} fullWidth={fullWidth} />
        </Menu.Target>
        <Menu.Dropdown data-testid="workspace-menu">
          <Menu.Label>Your workspaces</Menu.Label>
          {mine.isPending && <Menu.Item disabled>Loading…</Menu.Item>}
          {mine.isError && <Menu.Item disabled>Could not load your workspaces</Menu.Item>}
          <Menu.RadioGroup value={current === undefined ? null : String(current)} onChange={(value) => switchTo(Number(value))}>
            {mine.data?.map((w) => (
              <Menu.RadioItem
                key={w.id}
                value={String(w.id)}
                // Not dimmed: the item under the pointer or focus has a background the dimmed grey is too faint on.
                rightSection={
                  <Text span size="xs" fw={500}>
                    {WORKSPACE_ROLE_LABELS[w.role]}
                  </Text>
                }
                data-testid="workspace-option"
              >
                <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {w.name}
                </Text>
                {w.id === person && (
                  <Text span size="xs">
                    {' '}
                    (personal)
                  </Text>
                )}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create workspace…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <CreateWorkspaceModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(workspace) => {
          setCreating(false);
          switchTo(workspace.id);
        }}
      />
    </>
  );
}
