import { z } from 'zod';
import { costAggregates, maxCostRangeDays } from '../shared/cost.js';

const day = z.iso.date();

export const costAllocationQuery = z
  .object({
    /** First and last UTC day, inclusive (YYYY-MM-DD). */
    from: day,
    to: day,
    aggregate: z.enum(costAggregates).default('namespace'),
    /** The label key, with aggregate=label. */
    label: z.string().trim().min(1).max(317).optional(),
    /** Only this cluster of the caller's. */
    cluster: z.string().trim().min(1).max(253).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from is after to' });
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
    if (days > maxCostRangeDays) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${maxCostRangeDays} days` });
    }
    if (q.aggregate === 'label' && !q.label) {
      ctx.addIssue({ code: 'custom', path: ['label'], message: 'aggregate=label needs label' });
    }
  });

const money = z.number().finite();

export const costItemSchema = z.object({
  /** The group's name: cluster, namespace, workload name, label value, or __idle__. */
  name: z.string(),
  cluster: z.string(),
  namespace: z.string().optional(),
  /** The workload kind, with aggregate=workload. */
  kind: z.string().optional(),
  idle: z.boolean(),
  cpuCoreHours: z.number().finite(),
  memoryGiBHours: z.number().finite(),
  cpuCost: money,
  memoryCost: money,
  totalCost: money,
});
export type CostItem = z.output<typeof costItemSchema>;

export const costTrendPointSchema = z.object({
  date: day,
  totalCost: money,
  idleCost: money,
});

export const costClusterSchema = z.object({
  cluster: z.string(),
  vendor: z.string(),
  region: z.string(),
  /** Minutes the samples of the range cover (a full day is 1440). */
  minutes: z.number().finite(),
  /** Whether usage metrics were found (else requests alone were charged). */
  usageMetrics: z.boolean(),
  /** How its nodes were priced: catalogue, custom or default. */
  priceSources: z.array(z.enum(['catalogue', 'custom', 'default'])),
});

export const costAllocationSchema = z.object({
  currency: z.string(),
  /** The date of the shipped price catalogue. */
  catalogueDate: day,
  from: day,
  to: day,
  aggregate: z.enum(costAggregates),
  totalCost: money,
  idleCost: money,
  trend: z.array(costTrendPointSchema),
  items: z.array(costItemSchema),
  clusters: z.array(costClusterSchema),
});
export type CostAllocation = z.output<typeof costAllocationSchema>;
