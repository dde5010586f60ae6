import type { MetricSeries, Panel } from '@nimbus/api';
import { Statistic } from 'antd';
import dayjs from 'dayjs';
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
import { legendOf } from './legend';

const colors = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#faad14'];

export interface PanelChartProps {
  panel: Pick<Panel, 'visualization' | 'legendFormat' | 'threshold' | 'danger'>;
  series: readonly MetricSeries[];
}

function rowsOf(series: readonly MetricSeries[]) {
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

/** The colour a value earns: danger from the danger value, warning from the threshold. */
function levelColor(value: number, panel: PanelChartProps['panel']): string | undefined {
  if (panel.danger !== undefined && value >= panel.danger) return '#cf1322';
  if (panel.threshold !== undefined && value >= panel.threshold) return '#d48806';
  return undefined;
}

/** A panel's series drawn as it says: line, area or bar over time, or the latest single value. */
export default function PanelChart({ panel, series }: PanelChartProps) {
  if (panel.visualization === 'stat') {
    const latest = series[0]?.points.at(-1)?.[1] ?? null;
    const color = latest === null ? undefined : levelColor(latest, panel);
    return (
      <Statistic
        title={series[0] ? legendOf(series[0], panel.legendFormat) : undefined}
        value={latest ?? '–'}
        precision={latest === null ? undefined : 3}
        styles={{ content: color ? { color } : {} }}
      />
    );
  }
  const rows = rowsOf(series);
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
        <XAxis
          dataKey="time"
          type="number"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(time: number) => dayjs.unix(time).format('HH:mm')}
        />
        <YAxis width={64} />
        <Tooltip
          labelFormatter={(time) => dayjs.unix(Number(time)).format('YYYY-MM-DD HH:mm:ss')}
        />
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
          const color = colors[index % colors.length];
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
