import { Empty, Flex, Spin, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListAllNodesQuery } from '../../api/nodeApi';
import { useListCrdClustersQuery } from '../../api/resourceApi';
import { ClusterStatusTag } from '../../clusters/ClusterStatusTag';
import { useProviderName } from '../../clusters/VendorLogo';
import { DetailLink } from '../../resources/DetailLink';
import { nodeReady } from '@nimbus/api/shared';
import { buildTopology } from '../../resources/topology';
import { ClusterSummary } from './ClusterSummary';

/** Cluster topology: vendor → region → cluster → nodes with ready markers. */
export function ClusterTopology() {
  const { t } = useTranslation();
  const providerName = useProviderName();
  const clusters = useListCrdClustersQuery(undefined);
  const nodes = useListAllNodesQuery(undefined);
  if (clusters.isLoading || nodes.isLoading) return <Spin />;
  const topology = buildTopology(clusters.data?.items ?? [], nodes.data?.items ?? []);
  if (topology.length === 0) return <Empty description={t('resources.topology.empty')} />;

  const treeData: TreeDataNode[] = topology.map(({ vendor, regions }) => ({
    key: `v/${vendor}`,
    title: providerName(vendor),
    children: regions.map(({ region, clusters: entries }) => ({
      key: `r/${vendor}/${region}`,
      title: region,
      children: entries.map(({ cluster, nodes: clusterNodes }) => ({
        key: `c/${cluster.name}`,
        title: (
          <Flex vertical data-testid="topology-cluster">
            <Flex gap="small" align="center">
              <Typography.Text strong>{cluster.name}</Typography.Text>
              <ClusterStatusTag ready={cluster.ready} />
            </Flex>
            <ClusterSummary cluster={cluster} />
          </Flex>
        ),
        children: clusterNodes.map((node) => {
          const name = node.metadata?.name ?? '';
          const ready = nodeReady(node);
          return {
            key: `n/${cluster.name}/${name}`,
            isLeaf: true,
            title: (
              <Flex gap="small" align="center" data-testid="topology-node">
                <DetailLink
                  type="Node"
                  name={name}
                  vendor={node.vendor}
                  region={node.region}
                  cluster={node.cluster}
                />
                <Tag color={ready ? 'success' : 'error'} data-testid="topology-node-state">
                  {t(ready ? 'resources.node.ready' : 'resources.node.notReady')}
                </Tag>
              </Flex>
            ),
          };
        }),
      })),
    })),
  }));

  return (
    <div data-testid="cluster-topology">
      <Tree treeData={treeData} defaultExpandAll selectable={false} showLine blockNode />
    </div>
  );
}
