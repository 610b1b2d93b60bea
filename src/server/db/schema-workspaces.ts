// Kysely types of team workspaces' tables: memberships and API keys (migration 025), invitations (028). A
// workspace is a row of `users` (UsersTable.kind).
import type { Generated } from 'kysely';
import type { WorkspaceRole } from '../../shared/workspace-roles';

/** 'person': a person, whose row is also its personal workspace; 'workspace': a team workspace. */
export type UserKind = 'person' | 'workspace';

/** A person's role in a workspace. */
export interface MembershipsTable {
  workspace_id: number;
  user_id: number;
  role: WorkspaceRole;
  created_at: string;
}

/** A person's API key, stored hashed; `workspace_id` null: the person's sign-in key. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  workspace_id: number | null;
  name: string;
  key_hash: string;
  /** The key's first characters, to tell keys apart; null for keys made before migration 025. */
  prefix: string | null;
  /** JSON text of the key's scopes (shared/api-scopes.ts). */
  scopes: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

/** An invitation to a workspace (migration 028); its token is stored only hashed. */
export interface InvitationsTable {
  id: Generated<number>;
  workspace_id: number;
  role: WorkspaceRole;
  token_hash: string;
  /** null once that person was deleted; `created_by_name` keeps their name. */
  created_by_user_id: number | null;
  created_by_name: string;
  expires_at: string;
  created_at: string;
  accepted_by_user_id: number | null;
  accepted_by_name: string | null;
  accepted_at: string | null;
  revoked_at: string | null;
}
