import type { MetricSeries } from '@nimbus/api';
import { Card, Empty } from 'antd';
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
import { timeAxisProps, tooltipProps, valueAxisProps } from '../../metrics/chartAxes';
import { seriesColors, seriesRows } from '../../metrics/seriesRows';
import type { MetricUnit } from './formatValue';
import { useTooltipLook } from '../../metrics/useTooltipLook';

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
  const tooltipLook = useTooltipLook();
  const { t } = useTranslation();
  const names = series.map(nameOf);
  const rows = seriesRows(series);
  return (
    <Card size="small" title={title} data-testid={testId} data-points={rows.length}>
      {rows.length === 0 ? (
        <Empty description={t('monitoring.noData')} />
      ) : (
        <ResponsiveContainer width="100%" height={200}>
          <LineChart data={rows} margin={{ left: 8, right: 8, top: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis {...timeAxisProps(rows)} />
            <YAxis {...valueAxisProps(unit)} />
            <Tooltip {...tooltipProps(unit)} {...tooltipLook} />
            {series.length > 1 && <Legend />}
            {series.map((_s, index) => (
              <Line
                key={index}
                dataKey={`s${index}`}
                name={names[index]}
                dot={false}
                isAnimationActive={false}
                stroke={seriesColors[index % seriesColors.length]}
                connectNulls
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}
