import type { ClusterConnector } from '../clusters/connector.js';
import type { Config } from '../config.js';
import type { ControllerFactory } from '../controllers/controller.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import { prometheusOf } from '../monitoring/cluster-prometheus.js';
import type { MonitorReach } from '../monitoring/monitor-target.js';
import { createAlertmanagerClient } from './alertmanager.js';
import { createNotifier } from './notifier.js';
import { alarmReceiverController } from './receiver-controller.js';
import type { MetricSource } from './rule-controller.js';
import { alarmRuleController } from './rule-controller.js';
import { alarmSilenceController } from './silence-controller.js';

type AlarmConfig = Pick<Config, 'outboundAllowHosts' | 'memberTimeoutMs' | 'alarmIntervalMs'>;

/**
 * Instant queries through the monitoring service's Prometheus client, as the cluster's
 * registration: the rule's cluster's own Prometheus (docs/decisions/monitor-service-proxy.md).
 */
function prometheusSource(reach: MonitorReach): MetricSource {
  return {
    async query(cluster: ClusterObject, promql: string) {
      const result = await prometheusOf(reach, cluster, 'operator').instant(promql);
      return result.samples.map((sample) => ({
        labels: sample.labels,
        value: sample.point[1] ?? Number.NaN,
      }));
    },
  };
}

/** The alarm controllers for the runtime (Lease holder only): silences, rules and receivers. */
export function alarmControllers(options: {
  config: AlarmConfig;
  store: HubStore;
  /** The member transports the service proxies go through. */
  connector?: Pick<ClusterConnector, 'for'>;
  metrics?: MetricSource;
}): ControllerFactory[] {
  const { config, store } = options;
  const policy = { allowHosts: config.outboundAllowHosts };
  const outbound = { policy, timeoutMs: config.memberTimeoutMs };
  const reach: MonitorReach = {
    policy,
    ...(options.connector ? { connector: options.connector } : {}),
  };
  const alertmanager = createAlertmanagerClient({ ...reach, timeoutMs: config.memberTimeoutMs });
  return [
    alarmSilenceController({ store, alertmanager }),
    alarmReceiverController(store),
    alarmRuleController({
      store,
      metrics: options.metrics ?? prometheusSource(reach),
      notifier: createNotifier({ ...outbound, timeoutMs: Math.max(outbound.timeoutMs, 10_000) }),
      alertmanager,
      intervalMs: config.alarmIntervalMs,
    }),
  ];
}
