// Member clusters in integration tests: registering a test-bed member through
// ProviderKubeconfig, GitOps users with passwords and cluster bindings, and calls to the
// member routes (/crd.{host} and /k8s.{host} below a cluster's location).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memberUserName } from '../../operator/src/member/principal.js';
import { api } from './api.js';
import type { ApiResponse } from './api.js';
import { testEnv } from './env.js';
import type { HubObject, Session } from './iam.js';
import { eventually } from './eventually.js';
import { expectOk, gitOpsPasswordUser, hub, hubApply, hubJson, namespace } from './iam.js';
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

/** `kubectl apply` of the objects on the member, as one List; throws with kubectl's message. */
export function applyOnMember(member: MemberName, items: object[]): void {
  const applied = onMember(
    member,
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items }),
  );
  if (applied.status !== 0) throw new Error(applied.stderr);
}

/**
 * The name of one running pod of the member's sample `demo/web` Deployment
 * (hack/testbed/manifests): by its label, since other tests put pods of their own in `demo`.
 */
export function firstDemoPod(member: MemberName): string {
  return onMember(member, [
    'get',
    'pods',
    '-n',
    'demo',
    '-l',
    'app=web',
    '--field-selector=status.phase=Running',
    '-o',
    'jsonpath={.items[0].metadata.name}',
  ]).stdout;
}

/** Waits until kubectl on the member no longer finds the object; what `get -o name` printed last. */
export function goneFromMember(
  member: MemberName,
  kind: string,
  name: string,
  namespace: string,
): Promise<string> {
  return eventually(
    () =>
      onMember(member, [
        'get',
        kind,
        name,
        '-n',
        namespace,
        '--ignore-not-found',
        '-o',
        'name',
      ]).stdout.trim(),
    (out) => out === '',
  );
}

const monitoringScript = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../hack/testbed/monitoring.sh',
);

/** The base URL of a member's Prometheus or Alertmanager in the test bed (hack/testbed/monitoring.sh). */
export function testbedMonitor(member: MemberName, type: 'Prometheus' | 'Alertmanager'): string {
  return execFileSync(monitoringScript, ['address', member, type.toLowerCase()], {
    encoding: 'utf8',
  }).trim();
}

/**
 * A member's Prometheus or Alertmanager as a Service of that member (the same in each member:
 * hack/testbed/monitor-services.sh), reached through its API server's service proxy.
 */
export function testbedMonitorService(type: 'Prometheus' | 'Alertmanager') {
  return type === 'Prometheus'
    ? { namespace: 'monitoring', name: 'prometheus', port: 9090, scheme: 'http' as const }
    : { namespace: 'monitoring', name: 'alertmanager', port: 9093, scheme: 'http' as const };
}

/**
 * Registers a test-bed member as the Cluster `name` of `org`, with the member's Prometheus and
 * Alertmanager as its monitors: their Services in the member (the way every user registers
 * them), their direct loopback URLs with `monitors: 'direct'` (a system administrator's choice),
 * none with `monitors: false`.
 */
export async function registerMember(
  root: Session,
  name: string,
  org: string,
  member: MemberName,
  {
    monitors = true,
    callerReady = false,
  }: {
    monitors?: boolean | 'direct';
    /**
     * Resolve only once this registration's own bindings let `root` list pods in the member: a
     * journey that acts on the cluster as `root` right away is refused until they reach it.
     */
    callerReady?: boolean;
  } = {},
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
  if (callerReady) await untilRegistrationBinds(member, name, root.userName);
  if (!monitors) return;
  for (const type of ['Prometheus', 'Alertmanager'] as const) {
    expectOk(
      await api('POST', 'manage', '/monitors', {
        token: root.token,
        body: {
          organizationId: org,
          providerId: name,
          type,
          ...(monitors === 'direct'
            ? { address: testbedMonitor(member, type) }
            : { service: testbedMonitorService(type) }),
          enabled: true,
        },
      }),
    );
  }
}

/**
 * Waits until the registration `cluster` itself binds `user` in the member. Other files register
 * the same member at the same time (the integration lanes, end-to-end files two at a time) and
 * their bindings let `user` in too, until they unregister: a wait on the member's answer alone
 * was met by another registration, and the first call after it was refused (9997).
 */
async function untilRegistrationBinds(
  member: MemberName,
  cluster: string,
  user: string,
): Promise<void> {
  const uid = clusterUid(cluster);
  const bound = await eventually(
    () => projectedBindingsOf(member, user).some((b) => b.clusterUid === uid),
    Boolean,
    60_000,
  );
  if (!bound) throw new Error(`${cluster}: its bindings for ${user} did not reach ${member}`);
  if ((await memberAllows(member, user, 'list', 'pods')) !== 'yes') {
    throw new Error(`${member} does not let ${user} list pods though ${cluster} binds them`);
  }
}

export async function unregisterMember(root: Session, name: string, org: string): Promise<void> {
  await api('DELETE', 'manage', `/providers/ProviderKubeconfig/clusters/${name}`, {
    token: root.token,
    body: { organizationId: org },
  });
  hub(['delete', 'clusters.nimbus.io', name, '--ignore-not-found', '--wait=false']);
}

/**
 * A Cluster of `org` applied the GitOps way, without working credentials (enough for bindings
 * and lists); resolves once the operator's cache lists it for the system admin `root`.
 */
export async function gitOpsCluster(
  root: Session,
  org: string,
  name: string,
  clusterRegion = region,
): Promise<void> {
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'Cluster',
      metadata: { name, labels: { 'nimbus.io/organization': org } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: clusterRegion,
        credentialsSecretRef: { name: `${name}-credentials`, namespace },
      },
    },
  ]);
  const names = async (): Promise<string[]> => {
    const response = await api<{ items: Array<{ name: string }> }>(
      'GET',
      'manage',
      `/organizations/${org}/providers`,
      { token: root.token },
    );
    return response.body.code === 0 ? response.body.data.items.map((c) => c.name) : [];
  };
  const seen = await eventually(names, (list) => list.includes(name), 20_000);
  if (!seen.includes(name)) throw new Error(`cluster ${name} never appeared in ${org}`);
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

/** A Role of `org` applied with kubectl, allowing exactly `permissions`. */
export function gitOpsRole(name: string, org: string, permissions: readonly string[]): void {
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'Role',
      metadata: { name },
      spec: {
        organization: org,
        permissions: permissions.map((permission) => ({ name: permission, effect: 'Allow' })),
      },
    },
  ]);
}

export function removeGitOpsUser(userName: string): void {
  hub(['delete', 'users.nimbus.io', userName, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'secret', '-n', namespace, `${userName}-password`, '--ignore-not-found']);
}

/**
 * Waits until the member's RBAC answers `kubectl auth can-i … --as nimbus:<user>` with `want`:
 * the member knows a Nimbus user only under its prefixed name. A subresource is written as
 * Kubernetes names it (`pods/log`); kubectl itself would read `pods/log` as the pod named log.
 */
export async function memberAllows(
  member: MemberName,
  user: string,
  verb: string,
  resource: string,
  want: 'yes' | 'no' = 'yes',
  timeoutMs = 40_000,
): Promise<string> {
  const [kind = resource, subresource] = resource.split('/', 2);
  const what = subresource ? [kind, `--subresource=${subresource}`] : [kind];
  const ask = (): string =>
    onMember(member, ['auth', 'can-i', verb, ...what, '--as', memberUserName(user)]).stdout.trim();
  return eventually(ask, (answer) => answer === want, timeoutMs);
}

/**
 * Waits until the member lets `user` read its test-bed Prometheus through the API server's
 * service proxy: the Role and RoleBinding that monitoring:view projects into the monitoring
 * namespace reach the member a moment after the user's bindings reach the hub, and until then
 * the member refuses the proxy call (answered 9997).
 */
export async function memberLetsReadPrometheus(
  member: MemberName,
  user: string,
  timeoutMs = 40_000,
): Promise<void> {
  const service = testbedMonitorService('Prometheus');
  const proxy = `services/${service.scheme}:${service.name}:${service.port}`;
  const ask = (): string =>
    onMember(member, [
      'auth',
      'can-i',
      'get',
      proxy,
      '--subresource=proxy',
      '-n',
      service.namespace,
      '--as',
      memberUserName(user),
    ]).stdout.trim();
  await eventually(ask, (answer) => answer === 'yes', timeoutMs);
}

/**
 * Waits until the member's test-bed Prometheus has scraped its node exporter often enough for
 * rates: a chart of a rate drawn right after the test bed starts is empty (one sample per
 * series), and charts are read once.
 */
export async function prometheusHasRates(member: MemberName, timeoutMs = 60_000): Promise<void> {
  const base = testbedMonitor(member, 'Prometheus');
  // The node exporter's rates and kwok's per-node ones (count() gives both the same labels).
  const query =
    'count(rate(node_network_receive_bytes_total[2m])) and count(rate(node_cpu_usage_seconds_total[2m]))';
  const hasSeries = async () => {
    const response = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(query)}`);
    const body = (await response.json()) as { data?: { result?: unknown[] } };
    return (body.data?.result?.length ?? 0) > 0;
  };
  if (!(await eventually(hasSeries, Boolean, timeoutMs))) {
    throw new Error(`${member}'s Prometheus has no rates after ${timeoutMs / 1000} s`);
  }
}

export const locationOf = (cluster: string): string =>
  `/vendors/ProviderKubeconfig/regions/${region}/clusters/${cluster}`;

/** Calls /api/v1/{crd|k8s|appstore}.{host}/vendors/…/clusters/:cluster{rest} as the session's user. */
export function atCluster<T = unknown>(
  session: Session,
  service: 'crd' | 'k8s' | 'appstore',
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

/** A projected ClusterRoleBinding: who it binds and which registration (Cluster uid) wrote it. */
export interface ProjectedBinding {
  name: string;
  clusterUid: string | undefined;
  subjects: string[];
}

/** The ClusterRoleBindings Nimbus projected into a member, by every registration of it. */
export function projectedBindings(member: MemberName): ProjectedBinding[] {
  const result = onMember(member, [
    'get',
    'clusterrolebindings',
    '-l',
    'app.kubernetes.io/managed-by=nimbus',
    '-o',
    'json',
  ]);
  if (result.status !== 0) throw new Error(result.stderr);
  const list = JSON.parse(result.stdout) as {
    items: Array<{
      metadata: { name: string; labels?: Record<string, string> };
      subjects?: Array<{ name: string }>;
    }>;
  };
  return list.items.map((item) => ({
    name: item.metadata.name,
    clusterUid: item.metadata.labels?.['nimbus.io/cluster-uid'],
    subjects: (item.subjects ?? []).map((s) => s.name),
  }));
}

/** The projected bindings of one Nimbus user (subject `nimbus:<user>`) in a member. */
export function projectedBindingsOf(member: MemberName, user: string): ProjectedBinding[] {
  return projectedBindings(member).filter((b) => b.subjects.includes(memberUserName(user)));
}

/** The uid of a Cluster in the hub: it names and labels what that registration projects. */
export function clusterUid(name: string): string {
  return hubJson<HubObject>(['get', 'clusters.nimbus.io', name]).metadata.uid;
}
