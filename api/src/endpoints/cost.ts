import { endpoint, json } from '../endpoint.js';
import { costAllocationQuery, costAllocationSchema } from '../schemas/cost.js';

/** The cost center (/cost): allocation from the daily rollups the leader keeps. */
export const costEndpoints = {
  getCostAllocation: endpoint({
    method: 'GET',
    path: '/cost.{host}/allocation',
    access: {
      allow: 'authenticated',
      permission: { name: 'cost:view', on: 'clusters' },
      note: 'Counts only the clusters bound to the caller with effect Allow (system admins: every cluster not denied to them) where cost:view is granted.',
    },
    summary:
      'Cost by cluster, namespace, workload or label over UTC days, with idle cost and the daily trend',
    tag: 'cost',
    query: costAllocationQuery,
    response: json(costAllocationSchema),
  }),
};
