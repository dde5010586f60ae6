// The cost center's answer for one caller: only the clusters bound to them with effect Allow
// (system admins: every cluster not denied to them) are counted.
import type { CostAllocation, QueryFor } from '@nimbus/api';
import type { CrdReader } from '../access/caller-scope.js';
import { callerClusters } from '../access/caller-scope.js';
import type { HubStore } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import { notBound } from '../monitoring/cluster-prometheus.js';
import { aggregateRollups } from './aggregate.js';
import { catalogueCurrency, catalogueDate } from './price-catalogue.js';

export type CostReader = CrdReader & Pick<HubStore, 'costRollups'>;
type Query = QueryFor<'getCostAllocation'> & {
  aggregate: NonNullable<QueryFor<'getCostAllocation'>['aggregate']>;
};

export async function costAllocation(
  store: CostReader,
  identity: Identity,
  query: Query,
): Promise<CostAllocation> {
  const caller = await callerClusters(store, identity);
  const allowed = new Set(caller.scope.map((entry) => entry.cluster));
  let clusters = caller.visible.filter((c) => allowed.has(c.metadata.name));
  if (query.cluster !== undefined) {
    clusters = clusters.filter((c) => c.metadata.name === query.cluster);
    if (clusters.length === 0) throw notBound(query.cluster);
  }
  const names = clusters.map((c) => c.metadata.name);
  const rollups = await store.costRollups.list(names, query.from, query.to);
  return aggregateRollups(
    rollups,
    clusters.map((c) => ({
      name: c.metadata.name,
      vendor: c.spec.provider,
      region: c.spec.region,
    })),
    { from: query.from, to: query.to, aggregate: query.aggregate, label: query.label },
    { currency: catalogueCurrency, catalogueDate },
  );
}
