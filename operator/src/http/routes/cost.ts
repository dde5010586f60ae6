import { costAllocation } from '../../cost/service.js';
import type { CostReader } from '../../cost/service.js';
import { requireIdentity } from '../../identity/identity.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** The cost center (cost/service.ts): allocation read from the hub's daily rollups. */
export function costEndpoints(store: CostReader): Implementation[] {
  return [
    implement('getCostAllocation', ({ query }, { res }) =>
      costAllocation(store, requireIdentity(res), query),
    ),
  ];
}
