// Member clusters in integration tests: registering a test-bed member through
// ProviderKubeconfig, GitOps users with passwords and cluster bindings, and calls to the
// member routes (/crd.{host} and /k8s.{host} below a cluster's location).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { api } from './api.js';
import type { ApiResponse } from './api.js';
import { testEnv } from './env.js';
import type { Session } from './iam.js';
import { eventually, expectOk, gitOpsPasswordUser, hub, namespace } from './iam.js';
import { kubectl } from './kubectl.js';
import type { KubectlResult } from './kubectl.js';

export type MemberName = 'member-a' | 'member-b';
export const region = 'local';

export function memberKubeconfig(member: MemberName): string {
  const path = testEnv.memberKubeconfigs.find((file) => basename(file) === `${member}.kubeconfig`);
  if (!path) throw new Error(`${member} kubeconfig not configured`);
  return path;
}

export function onMember(member: MemberName, args: string[], input?: string): KubectlResult {
  return kubectl(memberKubeconfig(member), args, input);
}

/** Registers a test-bed member as the Cluster `name` of `org`. */
export async function registerMember(
  root: Session,
  name: string,
  org: string,
  member: MemberName,
): Promise<void> {
  expectOk(
    await api('POST', 'manage', '/providers/ProviderKubeconfig/clusters', {
      token: root.token,
      body: {
        name,
        organizationId: org,
        region,
        credentials: { kubeconfig: readFileSync(memberKubeconfig(member), 'utf8') },
      },
    }),
  );
}

export async function unregisterMember(root: Session, name: string, org: string): Promise<void> {
  await api('DELETE', 'manage', `/providers/ProviderKubeconfig/clusters/${name}`, {
    token: root.token,
    body: { organizationId: org },
  });
  hub(['delete', 'clusters.nimbus.io', name, '--ignore-not-found', '--wait=false']);
}

type Binding = { cluster: string; role: string; effect: 'Allow' | 'Deny' };

/** A user of `org` applied with kubectl, with a password Secret and cluster bindings; signed in. */
export function gitOpsUser(
  userName: string,
  org: string,
  clusterPermissions: Binding[],
): Promise<Session> {
  return gitOpsPasswordUser(userName, `pw-${userName}-1A`, {
    organizations: [{ name: org }],
    clusterPermissions,
  });
}

export function removeGitOpsUser(userName: string): void {
  hub(['delete', 'users.nimbus.io', userName, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'secret', '-n', namespace, `${userName}-password`, '--ignore-not-found']);
}

/**
 * The name a member's RBAC knows a Nimbus user by (the impersonated user and the subject of the
 * projected bindings). One place, so a change of the prefix changes every test that asks.
 */
export function memberPrincipal(userName: string): string {
  return userName;
}

/** Waits until the member's RBAC answers `kubectl auth can-i … --as user` with `want`. */
export async function memberAllows(
  member: MemberName,
  user: string,
  verb: string,
  resource: string,
  want: 'yes' | 'no' = 'yes',
  timeoutMs = 40_000,
): Promise<string> {
  const ask = (): string =>
    onMember(member, ['auth', 'can-i', verb, resource, '--as', user]).stdout.trim();
  return eventually(ask, (answer) => answer === want, timeoutMs);
}

export const locationOf = (cluster: string): string =>
  `/vendors/ProviderKubeconfig/regions/${region}/clusters/${cluster}`;

/** Calls /api/v1/{crd|k8s}.{host}/vendors/…/clusters/:cluster{rest} as the session's user. */
export function atCluster<T = unknown>(
  session: Session,
  service: 'crd' | 'k8s',
  method: string,
  cluster: string,
  rest = '',
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  return api<T>(method, service, `${locationOf(cluster)}${rest}`, {
    token: session.token,
    ...options,
  });
}
