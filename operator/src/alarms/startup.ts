import type { Config } from '../config.js';
import type { ControllerFactory } from '../controllers/controller.js';
import type { HubStore } from '../hub/store.js';
import { createAlertmanagerClient } from './alertmanager.js';
import { createNotifier } from './notifier.js';
import type { MetricSource } from './rule-controller.js';
import { alarmRuleController } from './rule-controller.js';
import { alarmSilenceController } from './silence-controller.js';

type AlarmConfig = Pick<Config, 'outboundAllowHosts' | 'memberTimeoutMs' | 'alarmIntervalMs'>;

/**
 * The alarm controllers for the runtime (Lease holder only): silences always; rules when the
 * monitoring service's Prometheus client is there to evaluate them.
 */
export function alarmControllers(options: {
  config: AlarmConfig;
  store: HubStore;
  metrics?: MetricSource;
}): ControllerFactory[] {
  const { config, store, metrics } = options;
  const outbound = {
    policy: { allowHosts: config.outboundAllowHosts },
    timeoutMs: config.memberTimeoutMs,
  };
  const alertmanager = createAlertmanagerClient({ ...outbound, plainHttp: 'private-network' });
  const silences = alarmSilenceController({ store, alertmanager });
  if (!metrics) return [silences];
  const rules = alarmRuleController({
    store,
    metrics,
    notifier: createNotifier({ ...outbound, timeoutMs: Math.max(outbound.timeoutMs, 10_000) }),
    alertmanager,
    intervalMs: config.alarmIntervalMs,
  });
  return [silences, rules];
}
