/** How a panel draws its query's series: the panel's visualization. */
export const panelVisualizations = ['line', 'area', 'bar', 'stat'] as const;

/** The PromQL generator's aggregate functions and how labels narrow a series. */
export const promqlFunctions = [
  'sum',
  'count',
  'rate',
  'irate',
  'increase',
  'min',
  'max',
  'avg',
  'topk',
  'bottomk',
] as const;
export const labelMatchOperators = ['=', '!=', '=~'] as const;
export const promqlLabelName = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
export const promqlMetricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
/** Prometheus durations as the builder writes them: 30s, 5m, 1h, 1d. */
export const promqlDuration = /^[0-9]+(ms|s|m|h|d|w|y)$/;
