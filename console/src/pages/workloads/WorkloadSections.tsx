import type { NodeCondition, RevisionView } from '@nimbus/api';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useListWorkloadEventsQuery,
  useListWorkloadPodsQuery,
  useListWorkloadRevisionsQuery,
  useListWorkloadServicesQuery,
} from '../../api/workloadApi';
import { formatTime } from '../../components/admin/formatTime';
import { workloadTargetOf } from '../../resources/descriptors/workload';
import type { SectionProps } from '../../resources/descriptors/types';
import { arrayAt } from '@nimbus/api/shared';
import { EventsTable, NodeConditionsCard } from '../nodes/NodeActivityCards';
import { useLiveRefetch } from '../../live/useLiveRefetch';
import { KindRowsTable } from '../resources/KindRowsTable';

// A workload's detail sections, each read live as the caller (the server asks the member).

export function WorkloadConditionsSection({ context }: SectionProps) {
  const conditions = arrayAt(context.object, 'status', 'conditions') as NodeCondition[];
  return <NodeConditionsCard conditions={conditions} />;
}

/** The changes of `kinds` in the workload's namespace: what its sections show read again. */
function useNamespaceChanges(
  context: SectionProps['context'],
  kinds: string[],
  refetch: () => unknown,
) {
  const { cluster, namespace } = context.address;
  useLiveRefetch({ kinds, cluster, ...(namespace ? { namespace } : {}) }, refetch);
}

export function WorkloadPodsSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { data, currentData, isFetching, refetch } = useListWorkloadPodsQuery(
    workloadTargetOf(context),
  );
  useNamespaceChanges(context, ['pods'], refetch);
  return (
    <Card size="small" title={t('resources.workload.pods')} data-testid="workload-pods">
      <KindRowsTable
        kind="Pod"
        location={context.address}
        rows={data?.items ?? []}
        loading={isFetching && currentData === undefined}
        emptyText={t('resources.workload.noPods')}
      />
    </Card>
  );
}

export function WorkloadEventsSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { data, currentData, isFetching, refetch } = useListWorkloadEventsQuery(
    workloadTargetOf(context),
  );
  useNamespaceChanges(context, ['events'], refetch);
  return (
    <Card size="small" title={t('resources.node.events')} data-testid="workload-events">
      <EventsTable
        events={data?.items ?? []}
        loading={isFetching && currentData === undefined}
        emptyText={t('resources.node.noEvents')}
      />
    </Card>
  );
}

export function WorkloadRevisionsSection({ context }: SectionProps) {
  const { t, i18n } = useTranslation();
  const { data, currentData, isFetching, refetch } = useListWorkloadRevisionsQuery(
    workloadTargetOf(context),
  );
  // The member's controller writes a new revision after the change that asks for it (a hotfix,
  // a rollback), so the read that follows the change may come too early. It then writes the
  // workload again (its revision annotation, its status): that change reads the revisions anew.
  const { cluster, namespace, plural, name } = context.address;
  useLiveRefetch({ kinds: [plural], cluster, ...(namespace ? { namespace } : {}), name }, refetch);
  return (
    <Card size="small" title={t('resources.workload.revisions')} data-testid="workload-revisions">
      <Table<RevisionView>
        size="small"
        rowKey="name"
        dataSource={data?.items ?? []}
        loading={isFetching && currentData === undefined}
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

export function WorkloadServicesSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { data, currentData, isFetching, refetch } = useListWorkloadServicesQuery(
    workloadTargetOf(context),
  );
  useNamespaceChanges(context, ['services'], refetch);
  return (
    <Card size="small" title={t('resources.workload.services')} data-testid="workload-services">
      <KindRowsTable
        kind="Service"
        location={context.address}
        rows={data?.items ?? []}
        loading={isFetching && currentData === undefined}
        emptyText={t('resources.workload.noServices')}
        hidden={['namespace']}
      />
    </Card>
  );
}
