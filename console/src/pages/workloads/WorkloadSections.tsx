import type { NodeCondition, RevisionView, WorkloadService } from '@nimbus/api';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useListWorkloadEventsQuery,
  useListWorkloadPodsQuery,
  useListWorkloadRevisionsQuery,
  useListWorkloadServicesQuery,
} from '../../api/workloadApi';
import { formatTime } from '../../components/admin/formatTime';
import { DetailLink } from '../../resources/DetailLink';
import { workloadTargetOf } from '../../resources/descriptors/workload';
import type { SectionProps } from '../../resources/descriptors/types';
import { arrayAt } from '../../resources/kubeObject';
import { EventsTable, NodeConditionsCard, PodsTable } from '../nodes/NodeActivityCards';

// A workload's detail sections, each read live as the caller (the server asks the member).

export function WorkloadConditionsSection({ context }: SectionProps) {
  const conditions = arrayAt(context.object, 'status', 'conditions') as NodeCondition[];
  return <NodeConditionsCard conditions={conditions} />;
}

export function WorkloadPodsSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useListWorkloadPodsQuery(workloadTargetOf(context));
  return (
    <Card size="small" title={t('resources.workload.pods')} data-testid="workload-pods">
      <PodsTable
        location={context.address}
        pods={data?.items ?? []}
        loading={isFetching}
        emptyText={t('resources.workload.noPods')}
      />
    </Card>
  );
}

export function WorkloadEventsSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useListWorkloadEventsQuery(workloadTargetOf(context));
  return (
    <Card size="small" title={t('resources.node.events')} data-testid="workload-events">
      <EventsTable
        events={data?.items ?? []}
        loading={isFetching}
        emptyText={t('resources.node.noEvents')}
      />
    </Card>
  );
}

export function WorkloadRevisionsSection({ context }: SectionProps) {
  const { t, i18n } = useTranslation();
  const { data, isFetching } = useListWorkloadRevisionsQuery(workloadTargetOf(context));
  return (
    <Card size="small" title={t('resources.workload.revisions')} data-testid="workload-revisions">
      <Table<RevisionView>
        size="small"
        rowKey="name"
        dataSource={data?.items ?? []}
        loading={isFetching}
        pagination={{ hideOnSinglePage: true, pageSize: 20 }}
        locale={{ emptyText: t('resources.workload.noRevisions') }}
        columns={[
          {
            key: 'revision',
            title: t('resources.workload.revision'),
            render: (_value, row) => (
              <>
                {row.revision}{' '}
                {row.current && <Tag color="green">{t('resources.workload.current')}</Tag>}
              </>
            ),
          },
          {
            key: 'images',
            title: t('resources.workload.images'),
            render: (_v, row) => row.images.join(', '),
          },
          { key: 'cause', title: t('resources.workload.changeCause'), dataIndex: 'changeCause' },
          {
            key: 'created',
            title: t('resources.columns.created'),
            render: (_value, row) => formatTime(row.createdAt, i18n.language),
          },
        ]}
      />
    </Card>
  );
}

const portsText = (service: WorkloadService) =>
  service.ports
    .map((p) => `${p.port}${p.nodePort ? `:${p.nodePort}` : ''}→${p.targetPort}/${p.protocol}`)
    .join(', ');

export function WorkloadServicesSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useListWorkloadServicesQuery(workloadTargetOf(context));
  const { address } = context;
  return (
    <Card size="small" title={t('resources.workload.services')} data-testid="workload-services">
      <Table<WorkloadService>
        size="small"
        rowKey="name"
        dataSource={data?.items ?? []}
        loading={isFetching}
        pagination={false}
        locale={{ emptyText: t('resources.workload.noServices') }}
        columns={[
          {
            key: 'name',
            title: t('resources.columns.name'),
            render: (_value, service) => (
              <DetailLink
                vendor={address.vendor}
                region={address.region}
                cluster={address.cluster}
                type="Service"
                name={service.name}
                namespace={address.namespace}
              />
            ),
          },
          { key: 'type', title: t('resources.columns.serviceType'), dataIndex: 'type' },
          { key: 'clusterIP', title: t('resources.columns.clusterIP'), dataIndex: 'clusterIP' },
          { key: 'ports', title: t('resources.columns.ports'), render: (_v, s) => portsText(s) },
        ]}
      />
    </Card>
  );
}
