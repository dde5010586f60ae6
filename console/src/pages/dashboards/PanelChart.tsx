import type { MetricSeries, Panel } from '@nimbus/api';
import { Statistic } from 'antd';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { timeAxisProps, tooltipProps, valueAxisProps } from '../../metrics/chartAxes';
import { seriesColors, seriesRows } from '../../metrics/seriesRows';
import { formatValue } from '../clusterDashboard/formatValue';
import { legendOf } from './legend';
import { useTooltipLook } from '../../metrics/useTooltipLook';

/** What of a panel decides how it is drawn (the editor's preview passes the unsaved form). */
export type PanelLook = Pick<
  Panel,
  'visualization' | 'legendFormat' | 'threshold' | 'danger' | 'unit'
>;

export interface PanelChartProps {
  panel: PanelLook;
  series: readonly MetricSeries[];
}

/** The colour a value earns: danger from the danger value, warning from the threshold. */
function levelColor(value: number, panel: PanelLook): string | undefined {
  if (panel.danger !== undefined && value >= panel.danger) return '#cf1322';
  if (panel.threshold !== undefined && value >= panel.threshold) return '#d48806';
  return undefined;
}

/** A panel's series drawn as it says: line, area or bar over time, or the latest single value. */
export default function PanelChart({ panel, series }: PanelChartProps) {
  const tooltipLook = useTooltipLook();
  if (panel.visualization === 'stat') {
    const latest = series[0]?.points.at(-1)?.[1] ?? null;
    const color = latest === null ? undefined : levelColor(latest, panel);
    return (
      <Statistic
        data-testid="panel-stat"
        title={series[0] ? legendOf(series[0], panel.legendFormat) : undefined}
        value={formatValue(latest, panel.unit)}
        styles={{ content: color ? { color } : {} }}
      />
    );
  }
  const rows = seriesRows(series);
  const names = series.map((s) => legendOf(s, panel.legendFormat));
  const Chart =
    panel.visualization === 'bar'
      ? BarChart
      : panel.visualization === 'area'
        ? AreaChart
        : LineChart;
  return (
    <ResponsiveContainer width="100%" height={220}>
      <Chart data={rows} margin={{ left: 8, right: 8, top: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...timeAxisProps(rows)} />
        <YAxis {...valueAxisProps(panel.unit)} />
        <Tooltip {...tooltipProps(panel.unit)} {...tooltipLook} />
        {series.length > 1 && <Legend />}
        {panel.threshold !== undefined && (
          <ReferenceLine y={panel.threshold} stroke="#d48806" strokeDasharray="4 4" />
        )}
        {panel.danger !== undefined && (
          <ReferenceLine y={panel.danger} stroke="#cf1322" strokeDasharray="4 4" />
        )}
        {series.map((s, index) => {
          const common = {
            key: `${s.metric}-${index}`,
            dataKey: `s${index}`,
            name: names[index],
            isAnimationActive: false,
          };
          const color = seriesColors[index % seriesColors.length];
          if (panel.visualization === 'bar') return <Bar {...common} fill={color} />;
          if (panel.visualization === 'area')
            return (
              <Area {...common} type="monotone" stroke={color} fill={color} fillOpacity={0.2} />
            );
          return <Line {...common} type="monotone" stroke={color} dot={false} connectNulls />;
        })}
      </Chart>
    </ResponsiveContainer>
  );
}
