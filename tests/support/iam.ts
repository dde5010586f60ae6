// IAM helpers for integration tests: a system admin created the GitOps way (a User and a Secret
// applied with kubectl, the password hashed by the operator), and signed-in API callers.
import { api, login } from './api.js';
import type { ApiResponse, CallOptions } from './api.js';
import { testEnv } from './env.js';
import { kubectl } from './kubectl.js';
import { eventually } from './eventually.js';

// Kept for callers that import it from here; the helper lives in eventually.ts.
export { eventually };

export const namespace = 'nimbus-system';

export function hub(args: string[], input?: string) {
  return kubectl(testEnv.hubKubeconfig, args, input);
}

/** Deletes users (and with them their Secrets and Sessions) and every sign-in throttle record. */
export function removeUsersAndThrottling(userNames: string[]): void {
  hub(['delete', 'users.nimbus.io', ...userNames, '--ignore-not-found', '--wait=false']);
  hub([
    'delete',
    'leases',
    '-n',
    namespace,
    '-l',
    'nimbus.io/purpose=rate-limit',
    '--ignore-not-found',
  ]);
}

export function hubApply(objects: object[]): void {
  const result = hub(
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }),
  );
  if (result.status !== 0) throw new Error(result.stderr);
}

export function hubJson<T>(args: string[]): T {
  const result = hub([...args, '-o', 'json']);
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T;
}

export interface HubObject {
  metadata: {
    name: string;
    uid: string;
    generation?: number;
    labels?: Record<string, string>;
    managedFields?: Array<{ manager: string; operation: string }>;
  };
  spec: Record<string, unknown>;
  status?: {
    conditions?: Array<{ type: string; status: string; reason: string; message: string }>;
  };
}

export interface Condition {
  type: string;
  status: string;
  reason: string;
  message: string;
}
export type Conditions = Partial<Record<'Valid' | 'Ready', Condition>>;

/** The Valid/Ready conditions the operator's controller writes, once they satisfy `until`. */
export async function conditionsOf(
  resource: string,
  name: string,
  until: (conditions: Conditions) => boolean = () => true,
): Promise<Conditions> {
  const read = (): Conditions => {
    const object = hubJson<HubObject>(['get', resource, name]);
    return Object.fromEntries((object.status?.conditions ?? []).map((c) => [c.type, c]));
  };
  return eventually(read, (c) => c.Valid !== undefined && c.Ready !== undefined && until(c));
}

export interface Session {
  userName: string;
  userId: string;
  token: string;
  call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
}

export async function signIn(userName: string, password: string): Promise<Session> {
  // One attempt: failed logins count against the shared per-address budget.
  const response = await login(userName, password);
  if (response.body.code !== 0) throw new Error(`login ${userName}: ${response.text}`);
  const { token, userId } = response.body.data;
  return {
    userName,
    userId,
    token,
    call: (method, path, body, headers) => {
      const options: CallOptions = { token, ...(headers ? { headers } : {}) };
      if (body !== undefined) options.body = body;
      return api(method, 'iam', path, options);
    },
  };
}

/** Waits until the controller has hashed a GitOps user's initial password. */
export async function passwordSet(userName: string): Promise<void> {
  const ready = await conditionsOf('users.nimbus.io', userName, (c) => c.Ready?.status === 'True');
  if (ready.Ready?.reason !== 'PasswordSet')
    throw new Error(`${userName}: ${JSON.stringify(ready)}`);
}

/**
 * A system admin applied with kubectl: a Secret with the password and a User naming it. The
 * operator's controller hashes it into the user's credentials, so the admin can sign in.
 */
/**
 * A User applied with kubectl whose first password comes from a Secret, as GitOps would do it;
 * signed in once the operator has set the password.
 */
export async function gitOpsPasswordUser(
  userName: string,
  password: string,
  spec: Record<string, unknown>,
  secretLabels: Record<string, string> = {},
): Promise<Session> {
  hubApply([
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: `${userName}-password`, namespace, labels: secretLabels },
      stringData: { password },
    },
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'User',
      metadata: { name: userName },
      spec: {
        email: `${userName}@example.com`,
        ...spec,
        initialPasswordSecretRef: { name: `${userName}-password`, key: 'password' },
      },
    },
  ]);
  await passwordSet(userName);
  return signIn(userName, password);
}

export function gitOpsSystemAdmin(suffix: string): Promise<Session> {
  return gitOpsPasswordUser(
    `root-${suffix}`,
    `root${suffix}1`,
    { sysAdmin: true },
    { 'nimbus.io/test': suffix },
  );
}

/** Organizations made through the API by `session` (who becomes their administrator). */
export async function createOrganizations(session: Session, names: string[]): Promise<void> {
  for (const name of names) {
    expectOk(
      await session.call('POST', '/organizations', {
        name,
        cnName: name,
        contact: 'Ops',
        email: `ops@${name}.example`,
      }),
    );
  }
}

export function expectOk<T>(response: ApiResponse<T>): T {
  if (response.body.code !== 0) throw new Error(`expected success, got ${response.text}`);
  return response.body.data;
}

/** Deletes what gitOpsSystemAdmin(suffix) applied (the credentials Secret follows its User). */
export function removeGitOpsSystemAdmin(suffix: string): void {
  hub(['delete', 'users.nimbus.io', `root-${suffix}`, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'secret', '-n', namespace, `root-${suffix}-password`, '--ignore-not-found']);
}
