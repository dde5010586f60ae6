import type { DashboardView, Panel } from '@nimbus/api';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Empty, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelSeriesQuery } from '../../api/dashboardApi';

// recharts is loaded with the dashboards, never with the first route.
const PanelChart = lazy(() => import('./PanelChart'));

export interface PanelBodyProps {
  panel: Panel;
  location: DashboardView['location'];
}

/** A panel's content: its query's series over the last hour, drawn as the panel says. */
export function PanelBody({ panel, location }: PanelBodyProps) {
  const { t } = useTranslation();
  const { data, isFetching, isError } = usePanelSeriesQuery(
    location ? { location, query: panel.query, range: '1h' } : skipToken,
  );
  if (!location)
    return <Alert type="warning" showIcon message={t('dashboards.detail.noCluster')} />;
  if (isFetching && !data) return <Spin aria-label={t('dashboards.detail.loading')} />;
  const series = data?.series ?? [];
  if (isError || series.length === 0) return <Empty description={t('dashboards.detail.noData')} />;
  return (
    <div data-testid="panel-chart" data-series={series.length}>
      <Suspense fallback={<Spin />}>
        <PanelChart panel={panel} series={series} />
      </Suspense>
    </div>
  );
}
