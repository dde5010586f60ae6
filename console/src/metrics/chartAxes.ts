import dayjs from 'dayjs';
import { formatValue, type MetricUnit } from '../pages/clusterDashboard/formatValue';

const day = 86_400;

/**
 * How a time axis labels its ticks: the hour within a day, the date too when the samples span
 * more than a day (a 7-day chart labelled 12:00 … 12:00 says nothing).
 */
export function timeTickFormat(rows: readonly { time?: number | null }[]): string {
  const first = rows[0]?.time ?? 0;
  const last = rows.at(-1)?.time ?? 0;
  return last - first > day ? 'MM-DD HH:mm' : 'HH:mm';
}

/** recharts props of a time X axis over `rows` (Unix seconds). */
export function timeAxisProps(rows: readonly { time?: number | null }[]) {
  const format = timeTickFormat(rows);
  return {
    dataKey: 'time',
    type: 'number' as const,
    domain: ['dataMin', 'dataMax'],
    tickFormatter: (time: number) => dayjs.unix(time).format(format),
    minTickGap: 16,
  };
}

/**
 * recharts props of a value Y axis in `unit`: ticks written in the unit (KiB/MiB/GiB, cores, %),
 * and as wide as its longest tick, so a label such as "999 MiB/s" is not clipped.
 */
export function valueAxisProps(unit: MetricUnit | undefined) {
  return {
    width: 'auto' as const,
    tickFormatter: (value: number) => formatValue(value, unit),
  };
}

/** recharts Tooltip props: the full sample time, values written in `unit`. */
export function tooltipProps(unit: MetricUnit | undefined) {
  return {
    labelFormatter: (time: unknown) => dayjs.unix(Number(time)).format('YYYY-MM-DD HH:mm:ss'),
    formatter: (value: unknown) =>
      formatValue(value === null || value === undefined ? null : Number(value), unit),
  };
}
