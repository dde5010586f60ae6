import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Panel } from '@nimbus/api';
import { Button, Card, Col, Empty, Flex, Result, Row, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDeletePanelMutation, useGetDashboardQuery } from '../../api/dashboardApi';
import { DeleteConfirmDialog } from '../../components/admin/DeleteConfirmDialog';
import { currentOrganizationId } from '../../components/admin/session';
import { useRangeParam } from '../../metrics/useRangeParam';
import { TimeRangeControl } from '../clusterDashboard/TimeRangeControl';
import { DASHBOARD_PATHS } from './dashboardPaths';
import { PanelBody } from './PanelBody';
import { ReadyTag } from './readiness';

/**
 * /dashboard-custom/dashboard/:dashboard/detail: the dashboard's panels with their data over one
 * time range, kept in the URL.
 */
export default function DashboardDetailPage() {
  const { t } = useTranslation();
  const dashboardName = useParams().dashboard ?? '';
  const organizationId = currentOrganizationId();
  const ref = { organizationId, dashboard: dashboardName };
  const { data: dashboard, isLoading } = useGetDashboardQuery(ref, { skip: !organizationId });
  const [deletePanel] = useDeletePanelMutation();
  const [deleting, setDeleting] = useState<Panel>();
  const [range, setRange] = useRangeParam();

  if (isLoading) return <Spin style={{ padding: 48 }} />;
  if (!dashboard) return <Result status="404" title={t('dashboards.detail.notFound')} />;

  const addPanel = (
    <Link to={DASHBOARD_PATHS.config(dashboardName)}>
      <Button type="primary" icon={<PlusOutlined />}>
        {t('dashboards.detail.addPanel')}
      </Button>
    </Link>
  );
  return (
    <Flex vertical gap="middle" style={{ padding: 24 }}>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {dashboard.name} <ReadyTag conditions={dashboard.conditions} />
          </Typography.Title>
          <Typography.Text type="secondary">
            <Link to={DASHBOARD_PATHS.dashboards(dashboard.category)}>{dashboard.category}</Link>
            {' · '}
            {t('dashboards.detail.cluster', { cluster: dashboard.cluster })}
            {dashboard.description ? ` · ${dashboard.description}` : ''}
          </Typography.Text>
        </div>
        <Flex gap="small" wrap>
          <TimeRangeControl value={range} onChange={setRange} />
          {addPanel}
        </Flex>
      </Flex>
      {dashboard.panels.length === 0 ? (
        <Empty description={t('dashboards.detail.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {dashboard.panels.map((panel) => (
            <Col key={panel.name} xs={24} xl={12}>
              <Card
                size="small"
                data-testid={`panel-${panel.name}`}
                title={
                  <Tooltip title={panel.description}>
                    <span>{panel.title}</span>
                  </Tooltip>
                }
                extra={
                  <Flex gap="small">
                    <Link
                      to={DASHBOARD_PATHS.config(dashboardName, panel.name)}
                      aria-label={t('dashboards.detail.editPanel', { title: panel.title })}
                    >
                      <EditOutlined />
                    </Link>
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('dashboards.detail.deletePanel', { title: panel.title })}
                      onClick={() => setDeleting(panel)}
                    />
                  </Flex>
                }
              >
                <PanelBody panel={panel} location={dashboard.location} range={range} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <DeleteConfirmDialog
        name={deleting?.title}
        title={t('dashboards.detail.deletePanelTitle', { title: deleting?.title ?? '' })}
        onConfirm={() =>
          deleting ? deletePanel({ ...ref, panel: deleting.name }).unwrap() : Promise.resolve()
        }
        onClose={() => setDeleting(undefined)}
      />
    </Flex>
  );
}
