import type { ResourceAddress } from '../../apiClient/requestArgs';
import { Empty, Flex, Result, Spin, Tag, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useGetResourceQuery } from '../../api/resourceApi';
import type { KindDescriptor } from '../../resources/descriptors/types';
import { useKindRegistry } from '../../resources/KindRegistryContext';
import { locationFromQuery } from '../../resources/location';
import { listPath } from '../../resources/resourceKinds';
import { LiveMark } from '../../live/LiveMark';
import { useLiveRefetch } from '../../live/useLiveRefetch';
import { ResourceActions } from './ResourceActions';
import { useResourceContext } from './useResourceContext';

function ResourceDetail({
  descriptor,
  address,
}: {
  descriptor: KindDescriptor;
  address: ResourceAddress;
}) {
  const { t } = useTranslation();
  const { data: object, isLoading, isError, refetch } = useGetResourceQuery(address);
  const context = useResourceContext(descriptor, address, object);
  // Read again when the index hears of a change to this object (status, a scale, a delete).
  useLiveRefetch(
    {
      kinds: [descriptor.plural],
      cluster: address.cluster,
      ...(address.namespace ? { namespace: address.namespace } : {}),
      name: address.name,
    },
    refetch,
  );

  return (
    <Flex vertical gap="middle" style={{ padding: 24 }} data-testid="resource-detail">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Flex align="center" gap="small" wrap>
          <Tag color="blue">{descriptor.kind}</Tag>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {address.name}
          </Typography.Title>
          <Link to={listPath(descriptor.kind)}>{t('resources.detail.backToList')}</Link>
          <LiveMark />
        </Flex>
        <ResourceActions context={context} unreadable={isError && !object} />
      </Flex>
      {isLoading && <Spin />}
      {/* The base query has already reported why the object could not be read. */}
      {isError && !object && <Empty description={t('resources.detail.unavailable')} />}
      <Suspense fallback={<Spin />}>
        {descriptor.sections.map(({ id, component: Section }) => (
          <Section key={id} context={context} />
        ))}
      </Suspense>
    </Flex>
  );
}

/** `/detail/:type/:name?vendor&region&cluster&namespace`: any described kind, by Kind or plural. */
export default function ResourceDetailPage() {
  const { t } = useTranslation();
  const { type = '', name = '' } = useParams();
  const [query] = useSearchParams();
  const descriptor = useKindRegistry().descriptorOfType(type);
  const location = locationFromQuery(query);
  if (!descriptor || !location || !name) {
    return (
      <div data-testid="resource-detail-unknown">
        <Result status="404" title={t('resources.detail.notFound')} />
      </div>
    );
  }
  const namespace = descriptor.namespaced ? (query.get('namespace') ?? undefined) : undefined;
  const address: ResourceAddress = {
    ...location,
    plural: descriptor.plural,
    name,
    ...(namespace ? { namespace } : {}),
  };
  return <ResourceDetail key={JSON.stringify(address)} descriptor={descriptor} address={address} />;
}
