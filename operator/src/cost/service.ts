// The cost center's answer for one caller: only the clusters bound to them with effect Allow
// (system admins: every cluster not denied to them) that grant them cost:view are counted.
import type { CostAllocation, QueryFor } from '@nimbus/api';
import type { CrdReader } from '../access/caller-scope.js';
import { callerClusters } from '../access/caller-scope.js';
import { clustersGranting, missingPermission } from '../access/permissions.js';
import type { RollupReader } from './rollup-store.js';
import type { Identity } from '../identity/identity.js';
import { notBound } from '../monitoring/cluster-prometheus.js';
import { aggregateRollups } from './aggregate.js';
import { catalogueCurrency, catalogueDate } from './price-catalogue.js';

type Query = QueryFor<'getCostAllocation'> & {
  aggregate: NonNullable<QueryFor<'getCostAllocation'>['aggregate']>;
};

export async function costAllocation(
  store: CrdReader,
  rollups: RollupReader,
  identity: Identity,
  query: Query,
): Promise<CostAllocation> {
  const caller = await callerClusters(store, identity);
  const allowed = new Set(caller.scope.map((entry) => entry.cluster));
  const costed = clustersGranting(store, identity, caller, 'cost:view');
  let clusters = caller.visible.filter((c) => costed.has(c.metadata.name));
  if (query.cluster !== undefined) {
    clusters = clusters.filter((c) => c.metadata.name === query.cluster);
    if (allowed.has(query.cluster) && !costed.has(query.cluster)) {
      throw missingPermission('cost:view', { cluster: query.cluster });
    }
    if (clusters.length === 0) throw notBound(query.cluster);
  }
  const names = clusters.map((c) => c.metadata.name);
  return aggregateRollups(
    await rollups.list(names, query.from, query.to),
    clusters.map((c) => ({
      name: c.metadata.name,
      vendor: c.spec.provider,
      region: c.spec.region,
    })),
    { from: query.from, to: query.to, aggregate: query.aggregate, label: query.label },
    { currency: catalogueCurrency, catalogueDate },
  );
}
