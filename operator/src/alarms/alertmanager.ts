import type { ClusterObject } from '../hub/store.js';
import type { MonitorHttp } from '../monitoring/monitor-http.js';
import { MonitorCallError } from '../monitoring/monitor-http.js';
import type { MonitorReach } from '../monitoring/monitor-target.js';
import { enabledMonitor, monitorHttp } from '../monitoring/monitor-target.js';
import { DeliveryError } from './outbound-http.js';
import type { PostableAlert } from './payloads.js';
import type { SilenceMatcher } from './silence-match.js';

export interface MirroredSilence {
  /** Alertmanager's id of a silence mirrored before: updating it keeps the id. */
  id?: string;
  matchers: readonly SilenceMatcher[];
  startsAt: string;
  endsAt: string;
  createdBy: string;
  comment: string;
}

/** The parts of a member's Alertmanager v2 API the alarms use. */
export interface AlertmanagerClient {
  postAlerts(cluster: ClusterObject, alerts: readonly PostableAlert[]): Promise<void>;
  /** Creates or updates a silence; answers its id. */
  putSilence(cluster: ClusterObject, silence: MirroredSilence): Promise<string>;
  /** Expires a silence; a silence Alertmanager no longer knows counts as expired. */
  expireSilence(cluster: ClusterObject, id: string): Promise<void>;
}

/** Whether the cluster has an enabled Alertmanager to mirror to. */
export function hasAlertmanager(cluster: ClusterObject): boolean {
  return enabledMonitor(cluster, 'Alertmanager') !== undefined;
}

const maxAnswerBytes = 64 * 1024;

/**
 * Alerts and silences go only to the Alertmanager of the cluster they belong to, as that
 * cluster's registration (the leader's background work has no calling user): through the
 * member's service proxy the address cannot leave the cluster (docs/decisions/monitor-service-proxy.md).
 */
export function createAlertmanagerClient(
  reach: MonitorReach & { timeoutMs: number },
): AlertmanagerClient {
  const http = (cluster: ClusterObject): MonitorHttp => {
    const monitor = enabledMonitor(cluster, 'Alertmanager');
    if (!monitor) throw new DeliveryError(`cluster ${cluster.metadata.name} has no Alertmanager`);
    return monitorHttp(reach, cluster, monitor, 'operator');
  };
  const call = async (
    cluster: ClusterObject,
    method: 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> => {
    try {
      const answer = await http(cluster).request(
        { method, path, ...(body === undefined ? {} : { body }) },
        { timeoutMs: reach.timeoutMs, maxBytes: maxAnswerBytes },
      );
      const text = answer.body.toString('utf8');
      let parsed: unknown = text;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        // Not JSON: the text is the answer.
      }
      return { status: answer.status, body: parsed };
    } catch (error) {
      if (error instanceof MonitorCallError) throw new DeliveryError(error.message);
      throw error;
    }
  };
  const ok = (answer: { status: number }) => {
    if (answer.status < 200 || answer.status >= 300)
      throw new DeliveryError(`Alertmanager answered HTTP ${answer.status}`);
  };
  return {
    async postAlerts(cluster, alerts) {
      if (alerts.length === 0) return;
      ok(await call(cluster, 'POST', '/api/v2/alerts', alerts));
    },
    async putSilence(cluster, silence) {
      const answer = await call(cluster, 'POST', '/api/v2/silences', silence);
      ok(answer);
      const id = (answer.body as { silenceID?: unknown } | undefined)?.silenceID;
      if (typeof id !== 'string') throw new DeliveryError('Alertmanager answered no silence id');
      return id;
    },
    async expireSilence(cluster, id) {
      const answer = await call(cluster, 'DELETE', `/api/v2/silence/${encodeURIComponent(id)}`);
      if (answer.status === 404) return;
      ok(answer);
    },
  };
}
