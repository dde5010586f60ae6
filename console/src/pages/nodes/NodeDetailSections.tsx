import type { NodeAddress } from '@nimbus/api';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetNodeQuery } from '../../api/nodeApi';
import { useLiveRefetch } from '../../live/useLiveRefetch';
import type { SectionProps } from '../../resources/descriptors/types';
import { NodeConditionsCard, NodeEventsCard, NodePodsCard } from './NodeActivityCards';
import { NodeInfoCard } from './NodeInfoCard';
import { NodeTaintsCard } from './NodeTaintsCard';

// The node's detail sections; they share one cached read of the node.

const nodeAddressOf = ({ address }: SectionProps['context']): NodeAddress => ({
  vendor: address.vendor,
  region: address.region,
  cluster: address.cluster,
  node: address.name,
});

/** The node's fields and conditions, read again when the index tells of a change to the node. */
export function NodeInfoSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const address = nodeAddressOf(context);
  const { data: node, isLoading, refetch } = useGetNodeQuery(address);
  useLiveRefetch({ kinds: ['nodes'], cluster: address.cluster, name: address.node }, refetch);
  if (isLoading) return <Spin />;
  if (!node) return <Empty description={t('resources.detail.unavailable')} />;
  return (
    <>
      <NodeInfoCard node={node} />
      <NodeConditionsCard conditions={node.conditions} />
    </>
  );
}

/** The node's taints with their editor (for callers who may edit nodes). */
export function NodeTaintsSection({ context }: SectionProps) {
  const address = nodeAddressOf(context);
  const { data: node } = useGetNodeQuery(address);
  if (!node) return null;
  return (
    <NodeTaintsCard
      address={address}
      taints={node.taints}
      editable={context.allows('node:update')}
    />
  );
}

export function NodePodsSection({ context }: SectionProps) {
  return <NodePodsCard address={nodeAddressOf(context)} />;
}

export function NodeEventsSection({ context }: SectionProps) {
  return <NodeEventsCard address={nodeAddressOf(context)} />;
}
