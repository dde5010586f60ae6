import type { DashboardView } from '@nimbus/api';
import type { PrometheusClient } from '@prometheus-io/codemirror-promql';
import { useMemo } from 'react';
import { completionApi } from '../../../api/completionApi';
import { useAppDispatch } from '../../../app/hooks';
import { completionClient } from './completionClient';

/**
 * Where the builder and the editor read the cluster's metric names, label names and values: the
 * metrics API's `value/metrics` for the dashboard's cluster, cached per question by RTK Query.
 * None while the dashboard's cluster is not known (keywords and functions only).
 */
export function useCompletionClient(
  location: DashboardView['location'],
): PrometheusClient | undefined {
  const dispatch = useAppDispatch();
  const { vendor, region, cluster } = location ?? {};
  return useMemo(() => {
    if (vendor === undefined || region === undefined || cluster === undefined) return undefined;
    return completionClient(async (request) => {
      const answer = await dispatch(
        completionApi.endpoints.valueMetrics.initiate(
          { location: { vendor, region, cluster }, ...request },
          { subscribe: false },
        ),
      ).unwrap();
      return answer.values;
    });
  }, [dispatch, vendor, region, cluster]);
}
