import type { NodeCondition } from '@nimbus/api';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListPodEventsQuery } from '../../api/podApi';
import type { SectionProps } from '../../resources/descriptors/types';
import { arrayAt } from '@nimbus/api/shared';
import { EventsTable, NodeConditionsCard } from '../nodes/NodeActivityCards';

/** Pod conditions (Initialized, Ready, ContainersReady, PodScheduled) as the pod reports them. */
export function PodConditionsSection({ context }: SectionProps) {
  const conditions = arrayAt(context.object, 'status', 'conditions') as NodeCondition[];
  return <NodeConditionsCard conditions={conditions} />;
}

/** The pod's events, newest first, read live from the member as the caller. */
export function PodEventsSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { address } = context;
  const namespace = address.namespace ?? '';
  const { data, isFetching } = useListPodEventsQuery(
    { ...address, namespace, name: address.name },
    { skip: !namespace },
  );
  return (
    <Card size="small" title={t('resources.node.events')} data-testid="pod-events">
      <EventsTable
        events={data?.items ?? []}
        loading={isFetching}
        emptyText={t('resources.node.noEvents')}
      />
    </Card>
  );
}
