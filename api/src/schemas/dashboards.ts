import { z } from 'zod';
import {
  labelMatchOperators,
  panelVisualizations,
  promqlDuration,
  promqlFunctions,
  promqlLabelName,
  promqlMetricName,
} from '../shared/dashboards.js';
import { metricUnits } from '../shared/monitoring.js';
import { resourceNameMessage, resourceNamePattern } from '../shared/names.js';
import { conditionSchema } from './common.js';

const name = (description: string) =>
  z.string().regex(resourceNamePattern, resourceNameMessage).meta({ description });
const text = (max: number) => z.string().max(max);

export const panelVisualizationSchema = z.enum(panelVisualizations);
export type PanelVisualization = z.output<typeof panelVisualizationSchema>;

export const labelFilterSchema = z.object({
  label: z
    .string()
    .max(256)
    .regex(promqlLabelName, 'must be a Prometheus label name')
    .meta({ description: 'Label the filter matches.' }),
  operator: z
    .enum(labelMatchOperators)
    .meta({ description: 'Equal, not equal, or regular expression match.' }),
  value: text(1024).meta({ description: 'Value, or regular expression for =~.' }),
});

/** The builder's state, kept with a panel so the editor reopens it as it was built. */
export const promqlBuilderSchema = z
  .object({
    metric: z
      .string()
      .max(256)
      .regex(promqlMetricName, 'must be a Prometheus metric name')
      .meta({ description: 'Metric the query selects.' }),
    functions: z
      .array(z.enum(promqlFunctions))
      .max(4)
      .default([])
      .meta({ description: 'Functions applied in order, innermost first.' }),
    dimension: z
      .enum(['by', 'without'])
      .default('by')
      .meta({ description: 'Whether aggregation keeps (by) or drops (without) the labels.' }),
    labels: z
      .array(z.string().max(256).regex(promqlLabelName))
      .max(16)
      .default([])
      .meta({ description: 'Labels of the aggregation dimension.' }),
    interval: z
      .string()
      .regex(promqlDuration, 'must be a duration such as 5m')
      .default('5m')
      .meta({ description: 'Range of rate, irate and increase, e.g. 5m.' }),
    k: z.int().min(1).max(1000).default(5).meta({ description: 'K of topk and bottomk.' }),
    filters: z
      .array(labelFilterSchema)
      .max(32)
      .default([])
      .meta({ description: 'Label filters of the selector.' }),
  })
  .meta({ description: 'PromQL builder state the query was generated from, if any.' });
export type PromqlBuilder = z.output<typeof promqlBuilderSchema>;
export type PromqlBuilderInput = z.input<typeof promqlBuilderSchema>;

/** One panel of a dashboard; also an item of the Dashboard resource's spec.panels. */
export const panelSchema = z.object({
  name: name('Identifier of the panel within its dashboard.'),
  title: text(253).min(1).meta({ description: 'Panel title.' }),
  description: text(1024).optional().meta({ description: 'Panel description.' }),
  visualization: panelVisualizationSchema
    .default('line')
    .meta({ description: 'How the series are drawn.' }),
  query: text(4096).min(1).meta({ description: 'PromQL query run against the cluster.' }),
  legendFormat: text(253)
    .optional()
    .meta({ description: 'Series legend, e.g. {{pod}}; label names in double braces.' }),
  unit: z
    .enum(metricUnits)
    .optional()
    .meta({ description: 'Unit of the series values; axes and values are written in it.' }),
  threshold: z.number().optional().meta({ description: 'Value from which a series warns.' }),
  danger: z.number().optional().meta({ description: 'Value from which a series is in danger.' }),
  builder: promqlBuilderSchema.optional(),
});
export type Panel = z.output<typeof panelSchema>;
export type PanelInput = z.input<typeof panelSchema>;

/** A panel as the editor sends it: without a name, the server gives it one. */
export const panelBody = panelSchema.extend({ name: panelSchema.shape.name.optional() });
export type PanelBodyInput = z.input<typeof panelBody>;

export const categoryBody = z.object({
  organizationId: z.string().min(1).max(253),
  name: name('Category name.'),
  description: text(1024).optional(),
});

export const dashboardBody = z.object({
  organizationId: z.string().min(1).max(253),
  name: name('Dashboard name.'),
  category: name('Category the dashboard is listed in.'),
  cluster: name('Cluster whose Prometheus the panels query.'),
  description: text(1024).optional(),
});

export const categoryViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  organization: z.string(),
  description: z.string().optional(),
  dashboards: z.number().int().min(0),
  createdAt: z.string(),
  conditions: z.array(conditionSchema),
});
export type CategoryView = z.output<typeof categoryViewSchema>;

/** Where the dashboard's cluster is addressed for metrics calls, when it is known. */
export const dashboardLocationSchema = z.object({
  vendor: z.string(),
  region: z.string(),
  cluster: z.string(),
});

export const dashboardViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  organization: z.string(),
  category: z.string(),
  cluster: z.string(),
  location: dashboardLocationSchema.optional(),
  description: z.string().optional(),
  panels: z.array(panelSchema),
  createdAt: z.string(),
  conditions: z.array(conditionSchema),
});
export type DashboardView = z.output<typeof dashboardViewSchema>;
