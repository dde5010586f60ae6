// Daily rollups kept in the hub: one ConfigMap per cluster and UTC day in the operator's
// namespace, owned by the Cluster (deleting the Cluster deletes its cost history), so history
// survives restarts and every replica reads the same figures.
import { CoreV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1ConfigMap } from '@kubernetes/client-node';
import { fieldManager } from '../hub/apply-options.js';
import { isNotFound, toHubApiError } from '../hub/hub-errors.js';
import type { OwnerReference } from '../hub/types.js';
import type { DailyRollup } from './rollup.js';
import { parseRollup, rollupName } from './rollup.js';

export const rollupLabel = 'nimbus.io/cost-rollup';
export const rollupClusterLabel = 'nimbus.io/cluster';
export const rollupDateLabel = 'nimbus.io/cost-date';
const dataKey = 'rollup.json';

export interface StoredRollup {
  rollup: DailyRollup;
  resourceVersion?: string | undefined;
}

/** What the cost center reads: the rollups of some clusters over a range of days. */
export type RollupReader = Pick<RollupStore, 'list'>;

export interface RollupStore {
  get(cluster: string, date: string): Promise<StoredRollup | undefined>;
  /** Creates the day's ConfigMap, or replaces it when `resourceVersion` is given. */
  put(rollup: DailyRollup, owner: OwnerReference, resourceVersion?: string): Promise<void>;
  /** Every stored day of these clusters from `from` to `to` (YYYY-MM-DD, inclusive). */
  list(clusters: readonly string[], from: string, to: string): Promise<DailyRollup[]>;
}

function toConfigMap(
  namespace: string,
  rollup: DailyRollup,
  owner: OwnerReference,
  resourceVersion: string | undefined,
): V1ConfigMap {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: rollupName(rollup.cluster, rollup.date),
      namespace,
      labels: {
        'app.kubernetes.io/managed-by': 'nimbus',
        [rollupLabel]: 'true',
        [rollupClusterLabel]: rollup.cluster,
        [rollupDateLabel]: rollup.date,
      },
      ownerReferences: [owner],
      ...(resourceVersion ? { resourceVersion } : {}),
    },
    data: { [dataKey]: JSON.stringify(rollup) },
  };
}

export function createRollupStore(kubeConfig: KubeConfig, namespace: string): RollupStore {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  return {
    async get(cluster, date) {
      try {
        const map = await core.readNamespacedConfigMap({
          name: rollupName(cluster, date),
          namespace,
        });
        const rollup = parseRollup(map.data?.[dataKey]);
        return rollup ? { rollup, resourceVersion: map.metadata?.resourceVersion } : undefined;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw toHubApiError(error);
      }
    },
    async put(rollup, owner, resourceVersion) {
      const body = toConfigMap(namespace, rollup, owner, resourceVersion);
      const name = body.metadata?.name ?? '';
      try {
        if (resourceVersion) {
          await core.replaceNamespacedConfigMap({ name, namespace, body, fieldManager });
        } else {
          await core.createNamespacedConfigMap({ namespace, body, fieldManager });
        }
      } catch (error) {
        throw toHubApiError(error);
      }
    },
    async list(clusters, from, to) {
      if (clusters.length === 0) return [];
      const selector = `${rollupLabel}=true,${rollupClusterLabel} in (${clusters.join(',')})`;
      try {
        const list = await core.listNamespacedConfigMap({ namespace, labelSelector: selector });
        return list.items
          .map((map) => parseRollup(map.data?.[dataKey]))
          .filter(
            (r): r is DailyRollup =>
              r !== undefined && clusters.includes(r.cluster) && r.date >= from && r.date <= to,
          );
      } catch (error) {
        throw toHubApiError(error);
      }
    },
  };
}
