// Rollups in memory, for unit tests of the job and the API (the hub's ConfigMaps in production).
import type { OwnerReference } from '../hub/store.js';
import type { DailyRollup } from './rollup.js';
import type { RollupStore, StoredRollup } from './rollup-store.js';
import { rollupName } from './rollup.js';

export interface MemoryRollupStore extends RollupStore {
  records: Map<string, { rollup: DailyRollup; owner: OwnerReference; resourceVersion: string }>;
}

export function createMemoryRollupStore(): MemoryRollupStore {
  const records: MemoryRollupStore['records'] = new Map();
  let version = 0;
  return {
    records,
    get(cluster, date): Promise<StoredRollup | undefined> {
      const record = records.get(rollupName(cluster, date));
      return Promise.resolve(
        record
          ? { rollup: structuredClone(record.rollup), resourceVersion: record.resourceVersion }
          : undefined,
      );
    },
    put(rollup, owner, resourceVersion) {
      const name = rollupName(rollup.cluster, rollup.date);
      const current = records.get(name);
      if (current?.resourceVersion !== resourceVersion) {
        return Promise.reject(new Error(`conflict writing ${name}`));
      }
      version += 1;
      records.set(name, {
        rollup: structuredClone(rollup),
        owner,
        resourceVersion: String(version),
      });
      return Promise.resolve();
    },
    list(clusters, from, to) {
      return Promise.resolve(
        [...records.values()]
          .map((record) => structuredClone(record.rollup))
          .filter((r) => clusters.includes(r.cluster) && r.date >= from && r.date <= to),
      );
    },
  };
}
