// The layer between the metrics API (and the alarm evaluator) and whichever client reaches a
// cluster's Prometheus: every query and series selector it passes on is bounded to one person's
// rights on that cluster (promql-bound.ts), decided as the index decides what they may list.
import type { CallerClusters, CrdReader } from '../access/caller-scope.js';
import { callerClusters, kindsIn } from '../access/caller-scope.js';
import type { Grantee } from '../access/permissions.js';
import { ApiError, errors } from '../core/errors.js';
import type { PrometheusClient } from './prometheus-client.js';
import type { SeriesBound } from './promql-bound.js';
import { PromqlBoundError, boundQuery, boundSeriesSelector, isUnbounded } from './promql-bound.js';

/**
 * The series of `cluster` a caller may read: namespaced series where the index lists their pods
 * (application:list), series without a namespace where it lists their nodes (node:list). Rights
 * are per cluster today, so the namespaces are all or none (docs/decisions/promql-bound.md).
 */
export function seriesBoundIn(caller: CallerClusters, cluster: string): SeriesBound {
  const kinds = kindsIn(caller, cluster);
  return { namespaces: kinds.includes('pods') ? 'all' : [], unnamespaced: kinds.includes('nodes') };
}

export async function seriesBoundOf(
  store: CrdReader,
  grantee: Grantee,
  cluster: string,
): Promise<SeriesBound> {
  return seriesBoundIn(await callerClusters(store, grantee), cluster);
}

/** `client` with every query and selector bounded; the client itself when nothing is kept out. */
export function boundedClient(client: PrometheusClient, bound: SeriesBound): PrometheusClient {
  if (isUnbounded(bound)) return client;
  const query = (text: string) => boundQuery(text, bound);
  const selector = (match: string | undefined) => boundSeriesSelector(match, bound);
  return {
    instant: async (text, time) => client.instant(query(text), time),
    range: async (text, range) => client.range(query(text), range),
    labelNames: async (match, window) => client.labelNames(selector(match), window),
    labelValues: async (label, match, window) => client.labelValues(label, selector(match), window),
    series: async (match, window) => client.series(selector(match) ?? match, window),
  };
}

/** A bound's refusal as the error the caller sees; anything else unchanged. */
export function fromBoundError(cluster: string, error: unknown): unknown {
  if (!(error instanceof PromqlBoundError)) return error;
  if (error.failure === 'nothing-visible') {
    return new ApiError(errors.noPermission, {
      message: `missing permission application:list or node:list on cluster ${cluster}: no series of it are visible to you`,
      details: { missingPermission: 'application:list or node:list', cluster },
    });
  }
  return new ApiError(errors.validationFailed, { message: error.message });
}
