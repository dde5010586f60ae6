import type { MetricRange } from '@nimbus/api';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSeriesName, type ChartSpec } from './charts';
import { MetricChart } from './MetricChart';

export interface ChartGridProps {
  data: MetricRange | undefined;
  charts: readonly ChartSpec[];
  /** The label that names each line when a chart has one metric over several objects. */
  legendLabel?: string;
}

/** The charts of a range answer, two per row on wide screens. */
export function ChartGrid({ data, charts, legendLabel }: ChartGridProps) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      {charts.map((chart) => (
        <Col key={chart.id} xs={24} xl={12}>
          <MetricChart
            testId={`metric-chart-${chart.id}`}
            title={t(`monitoring.charts.${chart.id}`)}
            unit={chart.unit}
            series={(data?.series ?? []).filter((s) => chart.keys.includes(s.metric))}
            nameOf={(series) =>
              chart.keys.length === 1 && legendLabel
                ? (series.labels[legendLabel] ?? '')
                : isSeriesName(series.metric)
                  ? t(`monitoring.series.${series.metric}`)
                  : series.metric
            }
          />
        </Col>
      ))}
    </Row>
  );
}
