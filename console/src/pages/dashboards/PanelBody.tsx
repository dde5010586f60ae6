import type { DashboardView } from '@nimbus/api';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Empty, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelSeriesQuery } from '../../api/dashboardApi';
import type { MetricsRange } from '../../api/metricsApi';
import { failureMessage } from '../../feedback/serverMessage';
import type { PanelLook } from './PanelChart';

// recharts is loaded with the dashboards, never with the first route.
const PanelChart = lazy(() => import('./PanelChart'));

export interface PanelBodyProps {
  panel: PanelLook & { query: string };
  location: DashboardView['location'];
  range: MetricsRange;
}

/** A panel's content: its query's series over the range, drawn as the panel says, or why not. */
export function PanelBody({ panel, location, range }: PanelBodyProps) {
  const { t } = useTranslation();
  const { data, isFetching, error } = usePanelSeriesQuery(
    location ? { location, query: panel.query, range } : skipToken,
  );
  if (!location) return <Alert type="warning" showIcon title={t('dashboards.detail.noCluster')} />;
  if (isFetching && !data) return <Spin aria-label={t('dashboards.detail.loading')} />;
  if (error)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="panel-error"
        title={t('dashboards.detail.queryFailed')}
        description={failureMessage(error, t) || undefined}
      />
    );
  const series = data?.series ?? [];
  if (series.length === 0) return <Empty description={t('dashboards.detail.noData')} />;
  return (
    <div data-testid="panel-chart" data-series={series.length}>
      <Suspense fallback={<Spin />}>
        <PanelChart panel={panel} series={series} />
      </Suspense>
    </div>
  );
}
