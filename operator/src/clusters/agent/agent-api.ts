import type { MemberRequester, MemberResponse } from '../member-client.js';
import { MemberCallError } from '../member-client.js';
import { agentNamespace, agentRoleName, agentServiceAccount } from './manifest.js';

/** The agent a Cluster registered by command runs as: `<namespace>/<service account>`. */
export const memberAgentAnnotation = 'nimbus.io/member-agent';
export const agentReference = `${agentNamespace}/${agentServiceAccount}`;

export const isAgentCluster = (cluster: {
  metadata: { annotations?: Record<string, string> | undefined };
}): boolean => cluster.metadata.annotations?.[memberAgentAnnotation] !== undefined;

export const agentUserName = `system:serviceaccount:${agentNamespace}:${agentServiceAccount}`;

function expectOk(call: string, response: MemberResponse, alsoOk: number[] = []): void {
  if ((response.status >= 200 && response.status < 300) || alsoOk.includes(response.status)) {
    return;
  }
  throw new MemberCallError(`${call} answered HTTP ${response.status}`, 'network');
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** A new token of the agent's ServiceAccount (TokenRequest), asked for with the current one. */
export async function requestAgentToken(
  member: MemberRequester,
  lifetimeSeconds: number,
): Promise<IssuedToken> {
  const response = await member.request({
    method: 'POST',
    path: `/api/v1/namespaces/${agentNamespace}/serviceaccounts/${agentServiceAccount}/token`,
    body: {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      spec: { expirationSeconds: lifetimeSeconds },
    },
  });
  expectOk('token request', response);
  const status = response.json<{ status?: { token?: string; expirationTimestamp?: string } }>()
    .status;
  if (!status?.token || !status.expirationTimestamp) {
    throw new MemberCallError('the token request answered no token', 'network');
  }
  return { token: status.token, expiresAt: new Date(status.expirationTimestamp) };
}

const rbacBase = '/apis/rbac.authorization.k8s.io/v1';

/**
 * Makes the agent's ClusterRole and ClusterRoleBinding dependents of its namespace (owner
 * references: the manifest cannot, it does not know the namespace's uid), so deleting the
 * namespace removes everything the manifest created; the agent itself could not delete the
 * second of them after the first took its rights away.
 */
export async function adoptAgentRbac(member: MemberRequester): Promise<void> {
  const namespace = await member.request({ path: `/api/v1/namespaces/${agentNamespace}` });
  expectOk(`get namespace ${agentNamespace}`, namespace);
  const uid = namespace.json<{ metadata?: { uid?: string } }>().metadata?.uid;
  if (!uid) throw new MemberCallError(`namespace ${agentNamespace} has no uid`, 'network');
  const owner = { apiVersion: 'v1', kind: 'Namespace', name: agentNamespace, uid };
  for (const plural of ['clusterrolebindings', 'clusterroles']) {
    const response = await member.request({
      method: 'PATCH',
      path: `${rbacBase}/${plural}/${agentRoleName}`,
      contentType: 'application/merge-patch+json',
      body: { metadata: { ownerReferences: [owner] } },
    });
    expectOk(`adopt ${plural}/${agentRoleName}`, response, [404]);
  }
}

/** Unregistering: the namespace goes, and with it (owner references) the agent's RBAC. */
export async function removeAgent(member: MemberRequester): Promise<void> {
  await adoptAgentRbac(member).catch(() => undefined);
  const response = await member.request({
    method: 'DELETE',
    path: `/api/v1/namespaces/${agentNamespace}`,
  });
  expectOk(`delete namespace ${agentNamespace}`, response, [404]);
}
