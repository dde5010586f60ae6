import type { MetricSeries } from '@nimbus/api';

/**
 * A series' name as the panel's legend format says ({{label}} replaced by the label's value);
 * without a format, the series' labels as Prometheus prints them.
 */
export function legendOf(series: MetricSeries, format: string | undefined): string {
  if (format) {
    return format.replace(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g, (_m, label: string) =>
      label === '__name__' ? series.metric : (series.labels[label] ?? ''),
    );
  }
  const labels = Object.entries(series.labels)
    .filter(([name]) => name !== '__name__')
    .map(([name, value]) => `${name}="${value}"`);
  return labels.length > 0 ? `${series.metric}{${labels.join(', ')}}` : series.metric;
}
