import type { MetricSeries } from '@nimbus/api';

/** One row per sample time, series i's value under `s<i>`: the shape recharts draws lines from. */
export function seriesRows(series: readonly MetricSeries[]): Record<string, number | null>[] {
  const byTime = new Map<number, Record<string, number | null>>();
  series.forEach((s, index) => {
    for (const [time, value] of s.points) {
      const row = byTime.get(time) ?? { time };
      row[`s${index}`] = value;
      byTime.set(time, row);
    }
  });
  return [...byTime.values()].sort((a, b) => (a.time ?? 0) - (b.time ?? 0));
}

/** The colours of a chart's lines, in series order. */
export const seriesColors = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#faad14',
];
