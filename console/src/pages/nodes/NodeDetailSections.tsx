import type { NodeAddress } from '@nimbus/api';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetNodeQuery } from '../../api/nodeApi';
import { NodeConditionsCard, NodeEventsCard, NodePodsCard } from './NodeActivityCards';
import { NodeInfoCard } from './NodeInfoCard';
import { NodeTaintsCard } from './NodeTaintsCard';

/** The node parts of the detail page: fields, scheduling, taints, conditions, pods and events. */
export function NodeDetailSections({ address }: { address: NodeAddress }) {
  const { t } = useTranslation();
  const { data: node, isLoading } = useGetNodeQuery(address);
  if (isLoading) return <Spin />;
  return (
    <>
      {node ? (
        <>
          <NodeInfoCard node={node} address={address} />
          <NodeTaintsCard address={address} taints={node.taints} />
          <NodeConditionsCard conditions={node.conditions} />
        </>
      ) : (
        <Empty description={t('resources.detail.unavailable')} />
      )}
      <NodePodsCard address={address} />
      <NodeEventsCard address={address} />
    </>
  );
}
