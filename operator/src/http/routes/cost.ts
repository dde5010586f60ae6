import type { CrdReader } from '../../access/caller-scope.js';
import type { RollupReader } from '../../cost/rollup-store.js';
import { costAllocation } from '../../cost/service.js';
import { requireIdentity } from '../identity-locals.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** The cost center (cost/service.ts): allocation read from the hub's daily rollups. */
export function costEndpoints(store: CrdReader, rollups: RollupReader): Implementation[] {
  return [
    implement('getCostAllocation', ({ query }, { res }) =>
      costAllocation(store, rollups, requireIdentity(res), query),
    ),
  ];
}
