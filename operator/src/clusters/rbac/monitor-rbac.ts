// What monitoring:view grants in a member: `get` through its API server's service proxy on
// exactly the registration's Prometheus Service, in that Service's namespace only (a Role and a
// RoleBinding; a ClusterRole would grant the same proxy name in every namespace). RBAC sees a
// call to …/namespaces/{ns}/services/http:prometheus:9090/proxy/… as verb get, resource
// services/proxy, name `http:prometheus:9090` (the apiserver's RequestInfo), so the rule names
// that proxy id. Nothing is granted on the Alertmanager: only the registration itself mirrors
// alerts and silences there (docs/decisions/monitor-service-proxy.md).
import { isDeepStrictEqual } from 'node:util';
import type { MonitorService } from '@nimbus/api';
import { serviceProxyId } from '@nimbus/api/shared';
import type { Cluster } from '../../crds/cluster.js';
import { memberUserName } from '../../member/principal.js';
import type { MemberSubject, RbacInputs, Registration } from './desired-state.js';
import { memberGrants, subject } from './desired-state.js';
import type { ExistingRbacObject, MemberRbacApi } from './member-rbac-api.js';
import { ownedBy, ownedLabels, registrationPrefix } from './ownership.js';

export const monitorViewPermission = 'monitoring:view';

interface NamespacedMeta {
  name: string;
  namespace: string;
  labels: Record<string, string>;
}

export interface MonitorAccess {
  role: {
    apiVersion: 'rbac.authorization.k8s.io/v1';
    kind: 'Role';
    metadata: NamespacedMeta;
    rules: Array<{
      apiGroups: string[];
      resources: string[];
      verbs: string[];
      resourceNames: string[];
    }>;
  };
  binding: {
    apiVersion: 'rbac.authorization.k8s.io/v1';
    kind: 'RoleBinding';
    metadata: NamespacedMeta;
    roleRef: { apiGroup: 'rbac.authorization.k8s.io'; kind: 'Role'; name: string };
    subjects: MemberSubject[];
  };
}

export const monitoringObjectName = (clusterUid: string): string =>
  `${registrationPrefix(clusterUid)}monitoring`;

/** The rule holders of monitoring:view get on the Prometheus Service. */
export function prometheusProxyRule(service: MonitorService) {
  return {
    apiGroups: [''],
    resources: ['services/proxy'],
    verbs: ['get'],
    resourceNames: [serviceProxyId(service)],
  };
}

type MonitoredRegistration = Registration & { spec: Pick<Cluster['spec'], 'monitors'> };

/** The Role and RoleBinding this registration should hold, or none (no Service, no viewer). */
export function desiredMonitorAccess(
  inputs: RbacInputs,
  cluster: MonitoredRegistration,
): MonitorAccess | undefined {
  const prometheus = cluster.spec.monitors?.find((m) => m.type === 'Prometheus' && m.enabled);
  const service = prometheus?.service;
  if (!service) return undefined;
  const viewers = memberGrants(inputs, cluster)
    .filter((grant) => grant.permissions.includes(monitorViewPermission))
    .map((grant) => memberUserName(grant.user))
    .sort();
  if (viewers.length === 0) return undefined;
  const metadata = {
    name: monitoringObjectName(cluster.metadata.uid),
    namespace: service.namespace,
    labels: ownedLabels(cluster),
  };
  return {
    role: {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata,
      rules: [prometheusProxyRule(service)],
    },
    binding: {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata,
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: metadata.name },
      subjects: viewers.map(subject),
    },
  };
}

const keyOf = (o: ExistingRbacObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
const same = (
  existing: ExistingRbacObject | undefined,
  field: 'rules' | 'subjects',
  want: unknown,
) =>
  existing !== undefined &&
  isDeepStrictEqual(
    JSON.parse(JSON.stringify(existing[field] ?? [])),
    JSON.parse(JSON.stringify(want)),
  );

/**
 * Brings the member to `desired`: stale bindings go first (they are what grants), then the Role
 * and the RoleBinding when they differ, then stale Roles. Only this registration's own objects
 * (named and labelled with its uid) are ever removed. Answers how many objects changed.
 */
export async function projectMonitorAccess(
  api: MemberRbacApi,
  clusterUid: string,
  desired: MonitorAccess | undefined,
): Promise<number> {
  const own = ownedBy(clusterUid);
  const [roles, bindings] = await Promise.all([api.list('roles'), api.list('rolebindings')]);
  const wanted = desired ? `${desired.role.metadata.namespace}/${desired.role.metadata.name}` : '';
  const stale = (list: ExistingRbacObject[]) => list.filter((o) => own(o) && keyOf(o) !== wanted);
  let changes = 0;
  for (const old of stale(bindings)) {
    await api.remove('rolebindings', old.metadata.name, old.metadata.namespace);
    changes++;
  }
  if (desired) {
    const existing = (list: ExistingRbacObject[]) => list.find((o) => keyOf(o) === wanted);
    if (!same(existing(roles), 'rules', desired.role.rules)) {
      await api.apply('roles', desired.role);
      changes++;
    }
    if (!same(existing(bindings), 'subjects', desired.binding.subjects)) {
      await api.apply('rolebindings', desired.binding);
      changes++;
    }
  }
  for (const old of stale(roles)) {
    await api.remove('roles', old.metadata.name, old.metadata.namespace);
    changes++;
  }
  return changes;
}
