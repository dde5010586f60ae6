import type { MonitorView } from '@nimbus/api';
import { Button, Empty, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListMonitorsQuery } from '../../../../api/monitorApi';
import { editPath, ADMIN_PATHS } from '../../adminPaths';

const monitorAddress = (monitor: MonitorView): string =>
  monitor.service
    ? `${monitor.service.namespace}/${monitor.service.name}:${monitor.service.port}`
    : (monitor.address ?? '');

/** The cluster's Prometheus and Alertmanager: where they answer, and whether they are on. */
export function ClusterMonitoring({ cluster }: { cluster: string }) {
  const { t } = useTranslation();
  const { data: monitors, isFetching } = useListMonitorsQuery(cluster);
  const configure = (
    <Link to={editPath(ADMIN_PATHS.clusterAdd, cluster)}>
      <Button size="small">{t('admin.clusters.detail.configureMonitoring')}</Button>
    </Link>
  );
  if (!isFetching && monitors?.length === 0) {
    return (
      <Empty description={t('admin.clusters.detail.noMonitoring')} data-testid="cluster-monitoring">
        {configure}
      </Empty>
    );
  }
  return (
    <Flex vertical gap="small" data-testid="cluster-monitoring">
      <Table<MonitorView>
        size="small"
        rowKey="id"
        loading={isFetching}
        pagination={false}
        dataSource={monitors ?? []}
        columns={[
          { key: 'type', title: t('admin.clusters.detail.monitorType'), dataIndex: 'type' },
          {
            key: 'address',
            title: t('admin.clusters.detail.monitorAddress'),
            render: (_value, monitor) => monitorAddress(monitor),
          },
          {
            key: 'enabled',
            title: t('admin.clusters.status'),
            render: (_value, monitor) => (
              <Tag color={monitor.enabled ? 'success' : 'default'}>
                {t(monitor.enabled ? 'admin.clusters.detail.on' : 'admin.clusters.detail.off')}
              </Tag>
            ),
          },
        ]}
      />
      <Flex gap="small">
        <Link to="/cluster-dashboard">
          <Button size="small">{t('admin.clusters.detail.openDashboard')}</Button>
        </Link>
        {configure}
      </Flex>
    </Flex>
  );
}
