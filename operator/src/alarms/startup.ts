import type { Config } from '../config.js';
import type { ControllerFactory } from '../controllers/controller.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import { prometheusOf } from '../monitoring/cluster-prometheus.js';
import { createAlertmanagerClient } from './alertmanager.js';
import { createNotifier } from './notifier.js';
import type { MetricSource } from './rule-controller.js';
import { alarmRuleController } from './rule-controller.js';
import { alarmSilenceController } from './silence-controller.js';

type AlarmConfig = Pick<Config, 'outboundAllowHosts' | 'memberTimeoutMs' | 'alarmIntervalMs'>;

/** Instant queries through the monitoring service's Prometheus client, as the operator. */
function prometheusSource(
  store: HubStore,
  policy: { allowHosts: readonly string[] },
): MetricSource {
  return {
    async query(cluster: ClusterObject, promql: string) {
      const result = await prometheusOf({ store, policy }, cluster).instant(promql);
      return result.samples.map((sample) => ({
        labels: sample.labels,
        value: sample.point[1] ?? Number.NaN,
      }));
    },
  };
}

/** The alarm controllers for the runtime (Lease holder only): silences and rules. */
export function alarmControllers(options: {
  config: AlarmConfig;
  store: HubStore;
  metrics?: MetricSource;
}): ControllerFactory[] {
  const { config, store } = options;
  const policy = { allowHosts: config.outboundAllowHosts };
  const outbound = { policy, timeoutMs: config.memberTimeoutMs };
  const alertmanager = createAlertmanagerClient({ ...outbound, plainHttp: 'private-network' });
  return [
    alarmSilenceController({ store, alertmanager }),
    alarmRuleController({
      store,
      metrics: options.metrics ?? prometheusSource(store, policy),
      notifier: createNotifier({ ...outbound, timeoutMs: Math.max(outbound.timeoutMs, 10_000) }),
      alertmanager,
      intervalMs: config.alarmIntervalMs,
    }),
  ];
}
