// Which Prometheus a metrics call reaches: the one registered on the addressed Cluster, and only
// for a caller the cluster is bound to with effect Allow (SPEC §6: unbound or disabled clusters
// are denied in monitoring). Also the one translation of Prometheus failures into the catalogue.
import type { ClusterLocation } from '@nimbus/api';
import type { CrdReader } from '../access/caller-scope.js';
import { callerClusters } from '../access/caller-scope.js';
import type { OutboundPolicy, Resolver } from '../clusters/ssrf-policy.js';
import type { Clock } from '../core/clock.js';
import { ApiError, errors } from '../core/errors.js';
import type { ClusterObject } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import type { PrometheusClient } from './prometheus-client.js';
import { PrometheusError, createPrometheusClient } from './prometheus-client.js';

export interface MonitoringDeps {
  store: CrdReader;
  policy: OutboundPolicy;
  resolve?: Resolver;
  clock?: Clock;
  /** Replaces the real client (unit tests of the handlers). */
  clientFor?: (baseUrl: string) => PrometheusClient;
}

/** SPEC §8: the monitoring denial. */
export function notBound(cluster: string): ApiError {
  return new ApiError(errors.noPermission, {
    message: `Cluster ${cluster} is not bound by current user or already forbidden`,
  });
}

/** SPEC §8: nothing to show for `what` (e.g. "cluster member-a", "pod demo/web-1"). */
export function noData(what: string): ApiError {
  return new ApiError(errors.notFound, { message: `No ${what} monitoring data` });
}

/** The enabled Prometheus of a cluster, whoever asks (the alarm evaluator runs as the operator). */
export function prometheusOf(deps: MonitoringDeps, cluster: ClusterObject): PrometheusClient {
  const name = cluster.metadata.name;
  const monitor = cluster.spec.monitors?.find((m) => m.type === 'Prometheus' && m.enabled);
  if (!monitor) throw noData(`cluster ${name}`);
  if (deps.clientFor) return deps.clientFor(monitor.address);
  return createPrometheusClient({
    baseUrl: monitor.address,
    policy: deps.policy,
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
}

/** The caller's bound, allowed clusters (name → Cluster). */
export async function callerMonitoredClusters(
  deps: MonitoringDeps,
  identity: Identity,
): Promise<ClusterObject[]> {
  const caller = await callerClusters(deps.store, identity);
  const allowed = new Set(caller.scope.map((entry) => entry.cluster));
  return caller.visible.filter((cluster) => allowed.has(cluster.metadata.name));
}

/** The cluster at `location` and its Prometheus, for this caller; else the SPEC's denial. */
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
  return { cluster, prometheus: prometheusOf(deps, cluster) };
}

/** A Prometheus failure as the catalogue error the caller sees. */
export function fromPrometheusError(cluster: string, error: unknown): unknown {
  if (!(error instanceof PrometheusError)) return error;
  if (error.failure === 'bad-query' || error.failure === 'too-large') {
    return new ApiError(errors.validationFailed, { message: error.message });
  }
  return new ApiError(errors.clusterUnreachable, {
    message: `the Prometheus of cluster ${cluster} failed: ${error.message}`,
    cause: error,
  });
}
