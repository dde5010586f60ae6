import type { ClusterObject } from '../hub/store.js';
import type { OutboundOptions } from './outbound-http.js';
import { DeliveryError, requestJson, sendJson } from './outbound-http.js';
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

/** The cluster's enabled Alertmanager address, if it has one. */
export function alertmanagerAddress(cluster: ClusterObject): string | undefined {
  const monitor = cluster.spec.monitors?.find((m) => m.type === 'Alertmanager' && m.enabled);
  return monitor?.address.replace(/\/+$/, '');
}

function base(cluster: ClusterObject): string {
  const address = alertmanagerAddress(cluster);
  if (!address) throw new DeliveryError(`cluster ${cluster.metadata.name} has no Alertmanager`);
  return address;
}

export function createAlertmanagerClient(options: OutboundOptions): AlertmanagerClient {
  return {
    async postAlerts(cluster, alerts) {
      if (alerts.length === 0) return;
      await sendJson(
        { method: 'POST', url: `${base(cluster)}/api/v2/alerts`, body: alerts },
        options,
      );
    },
    async putSilence(cluster, silence) {
      const answer = (await sendJson(
        { method: 'POST', url: `${base(cluster)}/api/v2/silences`, body: silence },
        options,
      )) as { silenceID?: unknown };
      if (typeof answer.silenceID !== 'string') {
        throw new DeliveryError('Alertmanager answered no silence id');
      }
      return answer.silenceID;
    },
    async expireSilence(cluster, id) {
      const url = `${base(cluster)}/api/v2/silence/${encodeURIComponent(id)}`;
      const answer = await requestJson({ method: 'DELETE', url }, options);
      if (answer.status === 404) return;
      if (answer.status < 200 || answer.status >= 300) {
        throw new DeliveryError(`Alertmanager answered HTTP ${answer.status}`);
      }
    },
  };
}
