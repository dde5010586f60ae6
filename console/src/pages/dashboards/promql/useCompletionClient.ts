import type { DashboardView } from '@nimbus/api';
import type { PrometheusClient } from '@prometheus-io/codemirror-promql';

/**
 * Where the builder and the editor read the cluster's metric names, label names and values.
 * Until the metrics API serves them, completion offers PromQL's functions and keywords only.
 */
export function useCompletionClient(
  _location: DashboardView['location'],
): PrometheusClient | undefined {
  return undefined;
}
