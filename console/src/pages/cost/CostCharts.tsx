import type { CostAllocation } from '@nimbus/api';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCost, formatCostTick } from './costReport';
import { useTooltipLook } from '../../metrics/useTooltipLook';

const topCount = 10;

/** The cost center's charts (loaded with /cost only): the daily trend and the top spenders. */
export default function CostCharts({ report }: { report: CostAllocation }) {
  const tooltipLook = useTooltipLook();
  const { t } = useTranslation();
  const money = (value: unknown) => formatCost(Number(value), report.currency);
  const tick = (value: unknown) => formatCostTick(Number(value), report.currency);
  const trend = report.trend.map((p) => ({
    date: p.date.slice(5),
    allocated: p.totalCost - p.idleCost,
    idle: p.idleCost,
  }));
  const top = report.items
    .filter((item) => !item.idle)
    .slice(0, topCount)
    .map((item) => ({
      name: item.namespace && item.kind ? `${item.namespace}/${item.name}` : item.name,
      cost: item.totalCost,
    }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card size="small" title={t('cost.trend.title')} data-testid="cost-trend">
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={trend} margin={{ left: 8, right: 8, top: 8, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" />
              {/* Wide enough for "0.00012 USD" at the axis font. */}
              <YAxis width={96} tickFormatter={tick} />
              <Tooltip formatter={money} {...tooltipLook} />
              <Legend />
              <Bar
                dataKey="allocated"
                name={t('cost.trend.allocated')}
                stackId="c"
                fill="#1677ff"
              />
              <Bar dataKey="idle" name={t('cost.trend.idle')} stackId="c" fill="#d9d9d9" />
            </BarChart>
          </ResponsiveContainer>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('cost.top.title', { count: topCount })} data-testid="cost-top">
          <ResponsiveContainer width="100%" height={260}>
            <BarChart
              data={top}
              layout="vertical"
              margin={{ left: 8, right: 16, top: 8, bottom: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" tickFormatter={tick} />
              <YAxis type="category" dataKey="name" width={140} />
              <Tooltip formatter={money} {...tooltipLook} />
              <Bar dataKey="cost" name={t('cost.columns.total')} fill="#fa8c16" />
            </BarChart>
          </ResponsiveContainer>
        </Card>
      </Col>
    </Row>
  );
}
