// The workspace switcher: a button naming the current workspace and the person's role there, which opens
// the list of their workspaces (switch, create). The menu (Mantine's Menu, floating-ui) is not part of the first
// load: this stand-in, the same button, loads it when pressed (preloads it when pointed at) and hands over its focus
// and the click (components/handover.ts), as the links list's Export does.
import { useQuery } from '@tanstack/react-query';
import { WORKSPACE_ROLE_LABELS } from '../../../shared/workspace-roles';
import { deferredModule, useDeferred } from '../../components/handover';
import { myWorkspacesQueryOptions, useAccountWorkspace, useWorkspaceId } from '../../lib/current-workspace';
import type * as MenuModule from './workspace-switcher-menu';
import { SwitcherButton } from './workspace-switcher-button';

export interface WorkspaceSwitcherProps {
  /** Where a switch goes: the list of the section the person is in (`/links`). */
  section: string;
  /** After a switch or a create (the phone menu closes). */
  onSwitched?: () => void;
  /** As wide as its place (the phone's menu), its list too. */
  fullWidth?: boolean;
}

/** What the button shows: the current workspace's name and the person's role there. */
export function useCurrentWorkspaceLabel(): { name: string; role: string | undefined } {
  const id = useWorkspaceId();
  const here = useAccountWorkspace();
  const mine = useQuery(myWorkspacesQueryOptions());
  // GET /account answers the workspace it acted in: the address's, unless that one is not the person's.
  if (here && (id === null || here.id === id)) return { name: here.name, role: WORKSPACE_ROLE_LABELS[here.role] };
  const listed = mine.data?.find((w) => w.id === id);
  if (listed) return { name: listed.name, role: WORKSPACE_ROLE_LABELS[listed.role] };
  return { name: id === null ? 'Personal' : `Workspace ${id}`, role: undefined };
}

const realMenu = deferredModule(() => import('./workspace-switcher-menu'));

export function WorkspaceSwitcher(props: WorkspaceSwitcherProps) {
  const label = useCurrentWorkspaceLabel();
  const { real, handover, want } = useDeferred<typeof MenuModule, HTMLButtonElement>(realMenu);
  if (real) return <real.WorkspaceMenu {...props} {...label} handover={handover} />;
  return (
    <SwitcherButton
      {...label}
      fullWidth={props.fullWidth}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={realMenu.preload}
      onFocus={handover.onFocus}
      onBlur={handover.onBlur}
      onClick={() => want((el) => el.click(), true)}
    />
  );
}
