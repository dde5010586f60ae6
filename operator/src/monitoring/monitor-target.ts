// Which monitor of a cluster a call reaches, and how: a Service of that cluster through its API
// server's service proxy (the pooled member transport, as `caller`), or a direct URL a system
// administrator set. Nothing else: a cluster's monitors are only ever its own.
import type { MonitorType } from '@nimbus/api/shared';
import type { ClusterConnector } from '../clusters/connector.js';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import type { Clock } from '../core/clock.js';
import type { Cluster } from '../crds/cluster.js';
import type { ClusterObject } from '../hub/store.js';
import type { MemberCaller } from '../member/transport/transport.js';
import { directHttp } from './direct-http.js';
import type { MonitorHttp } from './monitor-http.js';
import { MonitorCallError, serviceProxyHttp } from './monitor-http.js';

export type Monitor = NonNullable<Cluster['spec']['monitors']>[number];

/** What reaching a monitor needs: the member transports and, for direct URLs, the policy. */
export interface MonitorReach {
  policy: OutboundPolicy;
  resolve?: Resolver;
  clock?: Clock;
  /** The pooled member transports; without it only direct URLs can be reached. */
  connector?: Pick<ClusterConnector, 'for'>;
}

/** The cluster's enabled monitor of that type, if any. */
export function enabledMonitor(cluster: ClusterObject, type: MonitorType): Monitor | undefined {
  return cluster.spec.monitors?.find((m) => m.type === type && m.enabled);
}

/** The HTTP way to one monitor of `cluster`, speaking as `caller` when it is a Service. */
export function monitorHttp(
  reach: MonitorReach,
  cluster: ClusterObject,
  monitor: Monitor,
  caller: MemberCaller,
): MonitorHttp {
  if (monitor.address !== undefined) {
    return directHttp({
      baseUrl: monitor.address,
      policy: reach.policy,
      ...(reach.resolve ? { resolve: reach.resolve } : {}),
      ...(reach.clock ? { clock: reach.clock } : {}),
    });
  }
  const service = monitor.service;
  const connector = reach.connector;
  return {
    async request(request, limits) {
      if (!service || !connector)
        throw new MonitorCallError('unreachable', 'the monitor names no reachable service');
      let member;
      try {
        member = await connector.for(cluster, caller);
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'no connection';
        throw new MonitorCallError('unreachable', reason);
      }
      return serviceProxyHttp(member, service).request(request, limits);
    },
  };
}
