import { z } from 'zod';

import {
  maxCustomRangeSeconds,
  metricUnits,
  minStepSeconds,
  startAfterEndMessage,
  timeRangePresetNames,
  type TimeRangePreset,
} from '../shared/monitoring.js';

const epochSeconds = z.coerce.number().finite().min(0).max(4_102_444_800);

const timeRangeShape = {
  range: z.enum(timeRangePresetNames).optional(),
  start: epochSeconds.optional(),
  end: epochSeconds.optional(),
  step: z.coerce.number().int().min(minStepSeconds).max(86_400).optional(),
};

interface TimeRangeFields {
  range?: TimeRangePreset | undefined;
  start?: number | undefined;
  end?: number | undefined;
}

function checkTimeRange(q: TimeRangeFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if ((q.start === undefined) !== (q.end === undefined))
    issue('start', 'start and end go together');
  if (q.range !== undefined && q.start !== undefined)
    issue('range', 'give either range or start and end');
  if (q.start === undefined || q.end === undefined) return;
  if (q.start > q.end) issue('start', startAfterEndMessage);
  else if (q.end - q.start > maxCustomRangeSeconds)
    issue('end', 'the range may cover at most 31 days');
}

/**
 * A time range: a preset (`range`, default 1h, ending now) or a custom `start`/`end`
 * (Unix seconds); `step` in seconds, coarsened so no series has more than maxPointsPerSeries.
 * `extra` adds the endpoint's own query fields.
 */
export function withTimeRange<S extends z.ZodRawShape>(extra: S) {
  return z
    .object({ ...timeRangeShape, ...extra })
    .superRefine((q, ctx) => checkTimeRange(q as TimeRangeFields, ctx));
}
export const timeRangeQuery = withTimeRange({});
export type TimeRangeQuery = z.output<typeof timeRangeQuery>;

/** A sample time and value; a value Prometheus reports as NaN or ±Inf is null. */
export const metricPoint = z.tuple([z.number(), z.number().nullable()]);

export const metricSeries = z.object({
  /** The catalogue key (e.g. cpu_utilization) or, for free PromQL, the metric name. */
  metric: z.string(),
  labels: z.record(z.string(), z.string()),
  points: z.array(metricPoint),
});
export type MetricSeries = z.output<typeof metricSeries>;

export const resolvedRange = z.object({
  start: z.number(),
  end: z.number(),
  step: z.number(),
});

/** A range query's answer: every series over the resolved range. */
export const metricRangeSchema = z.object({
  range: resolvedRange,
  series: z.array(metricSeries),
  /** Series beyond the result-size bound were left out. */
  truncated: z.boolean(),
});
export type MetricRange = z.output<typeof metricRangeSchema>;

export const metricSample = z.object({
  metric: z.string(),
  labels: z.record(z.string(), z.string()),
  value: z.number().nullable(),
});
export type MetricSample = z.output<typeof metricSample>;

/** An instant query's answer. */
export const metricInstantSchema = z.object({
  time: z.number(),
  samples: z.array(metricSample),
  truncated: z.boolean(),
});
export type MetricInstant = z.output<typeof metricInstantSchema>;

const metricKeys = z
  .string()
  .trim()
  .max(1_000)
  .regex(/^[a-z0-9_,]*$/, 'comma-separated metric keys')
  .optional();

export const infraMetricsQuery = withTimeRange({ metrics: metricKeys });
export const nodeInfraMetricsQuery = withTimeRange({
  metrics: metricKeys,
  node: z.string().trim().min(1).max(253).optional(),
});
export const rangeMetricsQuery = timeRangeQuery;

export const addressMetricsQuery = z.object({
  address: z.string().trim().min(1).max(2_048).optional(),
});

/** Free PromQL: an instant query (optionally at `time`), or a range query with a time range. */
export const maxPromqlLength = 4_096;
export const proxyMetricsQuery = withTimeRange({
  query: z.string().trim().min(1, 'Required').max(maxPromqlLength),
  time: epochSeconds.optional(),
});

export const proxyMetricsSchema = z.object({
  resultType: z.enum(['matrix', 'vector', 'scalar', 'string']),
  range: resolvedRange.optional(),
  series: z.array(metricSeries),
  truncated: z.boolean(),
});
export type ProxyMetrics = z.output<typeof proxyMetricsSchema>;

/** One entry of the metric catalogue the screens and the panel editor start from. */
export const defaultMetricSchema = z.object({
  key: z.string(),
  scope: z.enum(['cluster', 'node', 'namespace', 'pod', 'component', 'probe']),
  unit: z.enum(metricUnits),
  /** PromQL; $node, $namespace and $pod stand for the chosen object. */
  query: z.string(),
});
export type DefaultMetric = z.output<typeof defaultMetricSchema>;
export const defaultMetricsSchema = z.object({ items: z.array(defaultMetricSchema) });

/**
 * Completion for the PromQL editor: without `label`, the label names; with `label`, its values
 * (`__name__`: metric names); `match` narrows to series matching a selector; `prefix` filters.
 */
export const valueMetricsQuery = z.object({
  label: z
    .string()
    .trim()
    .regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'a label name')
    .max(200)
    .optional(),
  match: z.string().trim().min(1).max(1_024).optional(),
  prefix: z.string().trim().max(200).optional(),
});
export const valueMetricsSchema = z.object({
  values: z.array(z.string()),
  truncated: z.boolean(),
});

export const searchMetricsParams = z.object({ keyword: z.string().trim().min(1).max(253) });

/** A search result: per cluster, resources (type, unit, samples of name/namespace/value). */
export const metricSearchResultSchema = z.object({
  items: z.array(
    z.object({
      providerTopology: z.object({ cluster: z.string(), region: z.string(), vendor: z.string() }),
      resources: z.array(
        z.object({
          type: z.string(),
          unit: z.string(),
          samples: z.array(
            z.object({
              labels: z.object({ name: z.string(), namespace: z.string() }),
              value: z.number().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type MetricSearchResult = z.output<typeof metricSearchResultSchema>;
