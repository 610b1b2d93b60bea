// The dashboard's current workspace in its address: `?ws=<id>` on every signed-in page, kept from page to
// page, absent for the person's personal workspace; so a shared address opens the same workspace for a member. The
// dashboard sends it to the API as the `Linkdeck-Workspace` header. A value that is no workspace id is read as absent.
import { z } from 'zod';
import { queryInt } from './fields';

export const WORKSPACE_PARAM = 'ws';

export const workspaceSearchSchema = z.object({ [WORKSPACE_PARAM]: queryInt(1).catch(undefined) });

export type WorkspaceSearch = z.output<typeof workspaceSearchSchema>;

/**
 * The `ws` value of a workspace for the person `personId`: absent for their own personal workspace (whose id is
 * theirs), the id for any other, another person's personal workspace they were invited to included.
 */
export function workspaceParam(workspaceId: number, personId: number): number | undefined {
  return workspaceId === personId ? undefined : workspaceId;
}
