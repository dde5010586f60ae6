// Which Prometheus a metrics call reaches: the one registered on the addressed Cluster, and only
// for a caller the cluster is bound to with effect Allow (unbound or disabled clusters
// are denied in monitoring). Also the one translation of Prometheus failures into the catalogue.
import type { ClusterLocation } from '@nimbus/api';
import type { CrdReader } from '../access/caller-scope.js';
import { callerClusters } from '../access/caller-scope.js';
import { ApiError, errors } from '../core/errors.js';
import type { ClusterObject } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import type { MemberCaller } from '../member/transport/transport.js';
import type { MonitorReach } from './monitor-target.js';
import { enabledMonitor, monitorHttp } from './monitor-target.js';
import type { PrometheusClient } from './prometheus-client.js';
import { PrometheusError, createPrometheusClient } from './prometheus-client.js';

export interface MonitoringDeps extends MonitorReach {
  store: CrdReader;
}

/** The monitoring denial: the cluster is not bound to the caller, or is forbidden. */
export function notBound(cluster: string): ApiError {
  return new ApiError(errors.noPermission, {
    message: `Cluster ${cluster} is not bound by current user or already forbidden`,
  });
}

/** Nothing to show for `what` (e.g. "cluster member-a", "pod demo/web-1"). */
export function noData(what: string): ApiError {
  return new ApiError(errors.notFound, { message: `No ${what} monitoring data` });
}

/**
 * The enabled Prometheus of a cluster, spoken to as `caller`: the calling user for every user
 * call, the registration's own identity ('operator') for the leader's background work
 * (docs/decisions/monitor-service-proxy.md).
 */
export function prometheusOf(
  reach: MonitorReach,
  cluster: ClusterObject,
  caller: MemberCaller,
): PrometheusClient {
  const monitor = enabledMonitor(cluster, 'Prometheus');
  if (!monitor) throw noData(`cluster ${cluster.metadata.name}`);
  return createPrometheusClient({ http: monitorHttp(reach, cluster, monitor, caller) });
}

/** How a user call speaks to the member: impersonating the user. */
export const callerOf = (identity: Identity): MemberCaller => ({ user: identity.userName });

/** The caller's bound, allowed clusters (name → Cluster). */
export async function callerMonitoredClusters(
  deps: MonitoringDeps,
  identity: Identity,
): Promise<ClusterObject[]> {
  const caller = await callerClusters(deps.store, identity);
  const allowed = new Set(caller.scope.map((entry) => entry.cluster));
  return caller.visible.filter((cluster) => allowed.has(cluster.metadata.name));
}

/**
 * The cluster at `location` and its Prometheus, for this caller; otherwise the monitoring
 * denial (9997, "not bound … or already forbidden"), which tells nothing about the cluster.
 */
export async function prometheusForCaller(
  deps: MonitoringDeps,
  identity: Identity,
  location: ClusterLocation,
): Promise<{ cluster: ClusterObject; prometheus: PrometheusClient }> {
  const cluster = (await callerMonitoredClusters(deps, identity)).find(
    (c) =>
      c.metadata.name === location.cluster &&
      c.spec.provider === location.vendor &&
      c.spec.region === location.region,
  );
  if (!cluster) throw notBound(location.cluster);
  return { cluster, prometheus: prometheusOf(deps, cluster, callerOf(identity)) };
}

/** A Prometheus failure as the catalogue error the caller sees. */
export function fromPrometheusError(cluster: string, error: unknown): unknown {
  if (!(error instanceof PrometheusError)) return error;
  if (error.failure === 'bad-query' || error.failure === 'too-large') {
    return new ApiError(errors.validationFailed, { message: error.message });
  }
  // The member's RBAC decided: its reason (verb, resource, namespace) says why.
  if (error.failure === 'forbidden') {
    return new ApiError(errors.noPermission, {
      message: `cluster ${cluster} does not let you read its Prometheus: ${error.message}`,
    });
  }
  return new ApiError(errors.clusterUnreachable, {
    message: `the Prometheus of cluster ${cluster} failed: ${error.message}`,
    cause: error,
  });
}
