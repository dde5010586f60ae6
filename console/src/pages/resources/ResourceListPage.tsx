import { Flex, Result, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { descriptorOfType, type KindDescriptor } from '../../resources/kindDescriptors';
import { queryFilters, type ListFilterValues } from '../../resources/listFilters';
import { ClusterTopology } from '../nodes/ClusterTopology';
import { ResourceListFilters } from './ResourceListFilters';
import { ResourceTable } from './ResourceTable';

export const LIST_PAGE_SIZE = 20;
/** `/list/Node?view=topology` opens the node list on its topology tab. */
export const TOPOLOGY_VIEW = 'topology';

function ResourceList({ descriptor }: { descriptor: KindDescriptor }) {
  const [values, setValues] = useState<ListFilterValues>({});
  return (
    <Flex vertical gap="middle">
      <ResourceListFilters namespaced={descriptor.namespaced} onSearch={setValues} />
      <ResourceTable
        descriptor={descriptor}
        filters={{ plural: descriptor.plural, ...queryFilters(values), pageSize: LIST_PAGE_SIZE }}
      />
    </Flex>
  );
}

function NodeViews({ descriptor }: { descriptor: KindDescriptor }) {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const view = query.get('view') === TOPOLOGY_VIEW ? TOPOLOGY_VIEW : 'list';
  return (
    <Tabs
      activeKey={view}
      onChange={(key) => setQuery(key === TOPOLOGY_VIEW ? { view: TOPOLOGY_VIEW } : {})}
      items={[
        {
          key: 'list',
          label: t('resources.node.listTab'),
          children: <ResourceList descriptor={descriptor} />,
        },
        {
          key: TOPOLOGY_VIEW,
          label: t('resources.topology.tab'),
          children: <ClusterTopology />,
        },
      ]}
    />
  );
}

/** `/list/:type`: the index list of one kind (route type is the Kind; plurals are accepted). */
export default function ResourceListPage() {
  const { t } = useTranslation();
  const { type = '' } = useParams();
  const descriptor = descriptorOfType(type);
  if (!descriptor) return <Result status="404" title={t('resources.list.unknownKind', { type })} />;
  return (
    <Flex vertical gap="middle" style={{ padding: 24 }} data-testid="resource-list">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t(`kinds.${descriptor.kind}`)}
      </Typography.Title>
      {descriptor.kind === 'Node' ? (
        <NodeViews descriptor={descriptor} />
      ) : (
        <ResourceList key={descriptor.kind} descriptor={descriptor} />
      )}
    </Flex>
  );
}
