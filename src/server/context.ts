// What every route and service of one app instance shares.
import { EventEmitter } from 'node:events';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Outbound } from './outbound/outbound';
import type { LiveClicks } from './live/live-clicks';
import type { ApiScope } from '../shared/api-scopes';
import type { WorkspaceRole } from '../shared/workspace-roles';

/** Changes that caches (the redirect's link cache) must hear about. */
export interface ChangeEvents {
  /** A link was created, updated or deleted (by id). */
  link: [linkId: number];
  /** A domain was created, updated or deleted; its links may have gone with it. */
  domain: [domainId: number];
  /** Many links changed at once (a domain, space, pixel or user was deleted). */
  reset: [];
  /**
   * Links were created and none changed (a bulk create, an import batch): only what caches remember as
   * missing can be wrong now, so they drop that and keep every link they hold.
   */
  created: [];
}

export class Changes extends EventEmitter<ChangeEvents> {}

export interface AppContext {
  config: Config;
  db: Db;
  changes: Changes;
  /** Every server-side HTTP request goes through this guarded client. */
  outbound: Outbound;
  /** The live counter's in-memory clicks (GET /api/v1/stats/live). */
  live: LiveClicks;
}

/** The person a request's key belongs to (`role`: its instance role). */
export interface AuthUser {
  id: number;
  name: string;
  role: 'admin' | 'user';
  created_at: string;
}

/**
 * The workspace a request acts in: every resource it reads or writes is the workspace's (`user_id` of
 * the resource's row is `id`). `scopes`: what the request may do there, its key's scopes that its role also has.
 */
export interface RequestWorkspace {
  id: number;
  name: string;
  /** Its person's role there. */
  role: WorkspaceRole;
  scopes: ReadonlySet<ApiScope>;
  keyId: number;
  /** 'dashboard': the sign-in key sent by the dashboard (`Linkdeck-Client: dashboard`); else 'key'. */
  via: 'dashboard' | 'key';
}

/** The key a request came with. */
export interface RequestKey {
  id: number;
  name: string;
  /** null: the person's sign-in key; else the one workspace it acts in. */
  workspaceId: number | null;
  scopes: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser;
    workspace: RequestWorkspace;
    apiKey: RequestKey;
  }
}
