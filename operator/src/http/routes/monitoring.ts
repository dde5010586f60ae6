import { requireIdentity } from '../identity-locals.js';
import type { MonitoringDeps } from '../../monitoring/cluster-prometheus.js';
import * as metrics from '../../monitoring/metrics-service.js';
import type { CallContext, Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

type Location = { vendor: string; region: string; cluster: string };

/** Monitoring below /monitor.{host}: each call on the addressed cluster's Prometheus. */
export function monitoringEndpoints(deps: MonitoringDeps): Implementation[] {
  const call = ({ vendor, region, cluster }: Location, ctx: CallContext): metrics.MetricsCall => ({
    deps,
    identity: requireIdentity(ctx.res),
    location: { vendor, region, cluster },
  });
  return [
    implement('getInfraMetrics', ({ params, query }, ctx) =>
      metrics.infraMetrics(call(params, ctx), query),
    ),
    implement('getClusterMetrics', ({ params }, ctx) => metrics.clusterSummary(call(params, ctx))),
    implement('getUtilizationMetrics', ({ params }, ctx) => metrics.utilization(call(params, ctx))),
    implement('getNodeInfraMetrics', ({ params, query }, ctx) =>
      metrics.nodeInfra(call(params, ctx), query),
    ),
    implement('getPodMetrics', ({ params, query }, ctx) =>
      metrics.podMetrics(call(params, ctx), params.namespace, params.name, query),
    ),
    implement('getAddressMetrics', ({ params, query }, ctx) =>
      metrics.addressMetrics(call(params, ctx), query.address),
    ),
    implement('listNamespaceMetrics', ({ params }, ctx) =>
      metrics.namespacesMetrics(call(params, ctx)),
    ),
    implement('getNamespaceMetrics', ({ params, query }, ctx) =>
      metrics.namespaceMetrics(call(params, ctx), params.namespace, query),
    ),
    implement('getComponentMetrics', ({ params }, ctx) =>
      metrics.componentMetrics(call(params, ctx)),
    ),
    implement('proxyMetrics', ({ params, query }, ctx) =>
      metrics.proxyMetrics(call(params, ctx), query),
    ),
    implement('getDefaultMetrics', ({ params }, ctx) => metrics.defaultMetrics(call(params, ctx))),
    implement('getValueMetrics', ({ params, query }, ctx) =>
      metrics.valueMetrics(call(params, ctx), query),
    ),
    implement('searchMetrics', ({ params }, { res }) =>
      metrics.searchMetrics(deps, requireIdentity(res), params.keyword),
    ),
  ];
}
