// Who calls in the authorization tests from the API document (http/authz-roles.test.ts), and the answer the
// document promises each: a team workspace with a person of each role and a key of an owner's per scope, made
// lazily (a World), people and keys of other workspaces, and the instance admin.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API_SCOPES, ROLE_SCOPES, type ApiScope } from '../../shared/api-scopes';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../shared/workspace-roles';
import { WORKSPACE_HEADER } from '../auth/request-workspace';
import { UsersRepo } from '../users/users.repo';
import { FIXTURES, OWN_FIXTURES, uniqueText, type ApiOperation, type FixtureMaker } from './authz-requests';
import type { TestApp } from './test-app';
import { addMember, expectMissingScope, inWorkspace, newPerson, newWorkspace, workspaceKey, type Person } from './workspaces';

const FOREIGN = {
  outsider: 'the sign-in key of a person of no role here',
  'other-key': "a key (every scope) of another workspace's",
  'instance-admin': "the instance admin's sign-in key (no role here)",
} as const;

export type Caller =
  /** A member's sign-in key, naming the workspace in the `Linkdeck-Workspace` header. */
  | { kind: 'role'; role: WorkspaceRole }
  /** A key of the workspace holding only `scope`, of an owner's. */
  | { kind: 'scope'; scope: ApiScope }
  /** Not a member: in their own workspace, or `named`: naming this one in the header. */
  | { kind: keyof typeof FOREIGN; named: boolean };

export const CALLERS: readonly Caller[] = [
  ...WORKSPACE_ROLES.map((role) => ({ kind: 'role' as const, role })),
  ...API_SCOPES.map((scope) => ({ kind: 'scope' as const, scope })),
  ...(Object.keys(FOREIGN) as (keyof typeof FOREIGN)[]).flatMap((kind) => [false, true].map((named) => ({ kind, named }))),
];

export function callerName(caller: Caller): string {
  if (caller.kind === 'role') return `the ${caller.role}`;
  if (caller.kind === 'scope') return `a key with only ${caller.scope}`;
  return `${FOREIGN[caller.kind]}${caller.named ? ', naming the workspace' : ''}`;
}

export type Expected =
  | { runs: true }
  | { status: 403; scope: ApiScope; lacking: 'key' | WorkspaceRole }
  | { status: 403; refusal: 'sign-in key' | 'instance admin' }
  | { status: 404 };

const RUNS: Expected = { runs: true };
const SIGN_IN_KEY: Expected = { status: 403, refusal: 'sign-in key' };

/** What the document (`x-linkdeck-access`, with the roles' scopes) promises `caller` on `op`. */
export function expectedAnswer(op: ApiOperation, caller: Caller): Expected {
  const access = op.access!;
  const workspaceKeyCalls = caller.kind === 'scope' || caller.kind === 'other-key';
  const member = caller.kind === 'role' || caller.kind === 'scope';
  if (access.kind === 'instance') return caller.kind === 'instance-admin' ? RUNS : { status: 403, refusal: 'instance admin' };
  // Not a member: this workspace does not exist for them (before anything else is looked at).
  if (access.kind === 'workspace' && !member && (caller.named || access.workspace === 'path')) return { status: 404 };
  if (access.sign_in_key_only && workspaceKeyCalls) return SIGN_IN_KEY;
  if (access.kind !== 'workspace') return RUNS; // the caller's own
  if (!member) return op.slots.length ? { status: 404 } : RUNS; // in their own workspace: these ids are not theirs
  const scope = access.scope as ApiScope | null;
  if (!scope) return RUNS;
  const role = caller.kind === 'role' ? caller.role : 'owner';
  if (!ROLE_SCOPES[role].includes(scope)) return { status: 403, scope, lacking: role };
  return caller.kind === 'scope' && caller.scope !== scope ? { status: 403, scope, lacking: 'key' } : RUNS;
}

/**
 * What the document promises `caller` on a member or key of their own: a self-service operation runs for a member's
 * sign-in key whatever the role's scopes; a key of the workspace still needs the scope.
 */
export function expectedOnOwn(op: ApiOperation, caller: Caller): Expected {
  return op.access?.self_service && caller.kind === 'role' ? RUNS : expectedAnswer(op, caller);
}

/** Asserts that `res` is the answer `expected`. */
export function checkAnswer(res: LightMyRequestResponse, expected: Expected): void {
  const said = `got ${res.statusCode} ${(res.body ?? '').slice(0, 300)}`;
  if ('runs' in expected) {
    expect(res.statusCode >= 200 && res.statusCode < 300, `${said}, but the document says it runs`).toBe(true);
  } else if (expected.status === 404) {
    expect({ status: res.statusCode, body: res.json() }, said).toEqual({ status: 404, body: { message: 'Resource not found.', status: 404 } });
  } else if ('scope' in expected) {
    expect(res.statusCode, `${said}, but the document says 403 naming ${expected.scope}`).toBe(403);
    expectMissingScope(res, expected.scope, expected.lacking);
  } else {
    const message = expected.refusal === 'instance admin' ? 'This action is unauthorized.' : expect.stringContaining('sign-in key');
    expect({ status: res.statusCode, body: res.json() }, said).toEqual({ status: 403, body: { message, status: 403 } });
  }
}

/** A team workspace and its callers, each made at its first use. */
export class World {
  private readonly memo = new Map<string, Promise<unknown>>();

  /** `tag` starts the text of the workspace's name and of its fixtures. */
  constructor(
    private readonly t: TestApp,
    readonly tag: string,
  ) {}

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.memo.get(key) as Promise<T> | undefined;
    if (!value) this.memo.set(key, (value = make()));
    return value;
  }

  /** The workspace's creator (an owner), who makes its fixtures; none of the callers. */
  private readonly maker = () => this.once('maker', () => newPerson(this.t, 'Maker'));
  readonly workspace = () => this.once('workspace', async () => newWorkspace(this.t, await this.maker(), uniqueText(this.tag)));

  private person(role: WorkspaceRole): Promise<Person> {
    return this.once(`role ${role}`, async () => {
      const person = await newPerson(this.t, `A ${role}`);
      await addMember(this.t, await this.workspace(), person, role);
      return person;
    });
  }

  private readonly outsider = () => this.once('outsider', () => newPerson(this.t, 'Outsider'));

  /** The key and headers of `caller`'s requests. */
  async credentials(caller: Caller): Promise<{ key: string; headers: Record<string, string> }> {
    const { t } = this;
    const naming = async (named: boolean): Promise<Record<string, string>> => (named ? { [WORKSPACE_HEADER]: String(await this.workspace()) } : {});
    if (caller.kind === 'role') return { key: (await this.person(caller.role)).key, headers: await naming(true) };
    if (caller.kind === 'scope') {
      const key = await this.once(`scope ${caller.scope}`, async () => workspaceKey(t, await this.person('owner'), await this.workspace(), [caller.scope]));
      return { key, headers: {} };
    }
    const key = await this.once(`caller ${caller.kind}`, async () => {
      if (caller.kind === 'outsider') return (await this.outsider()).key;
      if (caller.kind === 'instance-admin') return (await new UsersRepo(t.db.kysely).create('Instance admin', 'admin')).apiKey;
      const outsider = await this.outsider();
      return workspaceKey(t, outsider, await newWorkspace(t, outsider, 'Elsewhere'), [...API_SCOPES]);
    });
    return { key, headers: await naming(caller.named) };
  }

  private readonly fixtureMaker = () =>
    this.once('fixture maker', async (): Promise<FixtureMaker> => {
      const [maker, workspace] = [await this.maker(), await this.workspace()];
      return { t: this.t, workspace, maker, act: (opts) => inWorkspace(this.t, maker.key, workspace, opts), unique: () => uniqueText(this.tag) };
    });

  /** The value of fixture `key` that is the caller's own (a role's person; a scope key's: the owner's). */
  async own(key: string, caller: Caller): Promise<string | number> {
    const make = OWN_FIXTURES[key];
    if (!make) throw new Error(`no fixture "${key}" of the caller's own: add one to OWN_FIXTURES in test-utils/authz-requests.ts`);
    if (caller.kind !== 'role' && caller.kind !== 'scope') throw new Error('only members have their own');
    return make(await this.fixtureMaker(), await this.person(caller.kind === 'role' ? caller.role : 'owner'));
  }

  /** The fixture `key` (test-utils/authz-requests.ts), one per key and parents. */
  fixture(key: string, parents: Record<string, string | number>): Promise<string | number> {
    return this.once(`fixture ${key} ${JSON.stringify(parents)}`, async () => FIXTURES[key]!(await this.fixtureMaker(), parents));
  }
}
