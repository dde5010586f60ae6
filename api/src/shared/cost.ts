/** How the cost center groups what it allocated. */
export const costAggregates = ['cluster', 'namespace', 'workload', 'label'] as const;
export type CostAggregate = (typeof costAggregates)[number];

/** The row that holds what no workload was charged for (as OpenCost names it). */
export const idleRowName = '__idle__';
/** The row of workloads without the label an aggregation by label asks for. */
export const unlabelledRowName = '__unallocated__';
export const maxCostRangeDays = 366;
