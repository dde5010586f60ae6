import type { CrdCluster } from '@nimbus/api';
import { formatBytes, formatCores } from '@nimbus/api/shared';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetClusterDetailQuery } from '../../api/nodeApi';
import { isClusterUsable } from '../resources/ClusterSelect';

/** A cluster's version, ready/total nodes and capacity, read when the cluster is usable. */
export function ClusterSummary({ cluster }: { cluster: CrdCluster }) {
  const { t } = useTranslation();
  const usable = isClusterUsable(cluster);
  const { data } = useGetClusterDetailQuery(
    { vendor: cluster.kind, region: cluster.regionID, cluster: cluster.name },
    { skip: !usable },
  );
  if (!data) return null;
  return (
    <Flex gap="middle" wrap data-testid="topology-cluster-summary">
      {data.kubernetesVersion && (
        <Typography.Text type="secondary">
          {t('resources.topology.version', { version: data.kubernetesVersion })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">
        {t('resources.topology.nodes', { ready: data.readyNodeCount, total: data.nodeCount })}
      </Typography.Text>
      {data.nodeCount > 0 && (
        <Typography.Text type="secondary">
          {t('resources.topology.capacity', {
            cpu: formatCores(data.capacity.cpu),
            memory: formatBytes(data.capacity.memory),
            pods: data.capacity.pods,
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}
