import type { MetricSeries } from '@nimbus/api';
import { Card, Empty } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatValue, type MetricUnit } from './formatValue';

const colors = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#faad14'];

export interface MetricChartProps {
  title: string;
  unit: MetricUnit;
  series: readonly MetricSeries[];
  /** The name of a series' line (legend, tooltip). */
  nameOf: (series: MetricSeries) => string;
  testId?: string;
}

/** One trend chart: a line per series over the range, values formatted by unit. */
export function MetricChart({ title, unit, series, nameOf, testId }: MetricChartProps) {
  const { t } = useTranslation();
  const names = series.map(nameOf);
  const byTime = new Map<number, Record<string, number | null>>();
  series.forEach((s, index) => {
    for (const [time, value] of s.points) {
      const row = byTime.get(time) ?? { time };
      row[`s${index}`] = value;
      byTime.set(time, row);
    }
  });
  const rows = [...byTime.values()].sort((a, b) => (a.time ?? 0) - (b.time ?? 0));
  return (
    <Card size="small" title={title} data-testid={testId} data-points={rows.length}>
      {rows.length === 0 ? (
        <Empty description={t('monitoring.noData')} />
      ) : (
        <ResponsiveContainer width="100%" height={200}>
          <LineChart data={rows} margin={{ left: 8, right: 8, top: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="time"
              type="number"
              domain={['dataMin', 'dataMax']}
              tickFormatter={(time: number) => dayjs.unix(time).format('HH:mm')}
            />
            <YAxis width={64} tickFormatter={(value: number) => formatValue(value, unit)} />
            <Tooltip
              labelFormatter={(time) => dayjs.unix(Number(time)).format('YYYY-MM-DD HH:mm:ss')}
              formatter={(value) => formatValue(Number(value), unit)}
            />
            {series.length > 1 && <Legend />}
            {series.map((_s, index) => (
              <Line
                key={index}
                dataKey={`s${index}`}
                name={names[index]}
                dot={false}
                isAnimationActive={false}
                stroke={colors[index % colors.length]}
                connectNulls
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}
