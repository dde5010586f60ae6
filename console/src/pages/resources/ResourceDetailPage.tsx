import type { ResourceAddress } from '../../apiClient/requestArgs';
import { Empty, Flex, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useGetResourceQuery } from '../../api/resourceApi';
import type { DetailTarget } from '../../resources/detailPath';
import { descriptorOfType, type KindDescriptor } from '../../resources/kindDescriptors';
import { locationFromQuery } from '../../resources/location';
import { listPath } from '../../resources/resourceKinds';
import { NamespaceDetailSections } from '../namespaces/NamespaceDetailSections';
import { NodeDetailSections } from '../nodes/NodeDetailSections';
import { CollectButton } from './CollectButton';
import { KeyValueSection } from './KeyValueSection';
import { MetadataSection } from './MetadataSection';
import { YamlView } from './YamlView';

function ResourceDetail({
  descriptor,
  address,
}: {
  descriptor: KindDescriptor;
  address: ResourceAddress;
}) {
  const { t } = useTranslation();
  const { data: object, isLoading, isError } = useGetResourceQuery(address);
  const target: DetailTarget = {
    type: descriptor.kind,
    name: address.name,
    vendor: address.vendor,
    region: address.region,
    cluster: address.cluster,
    ...(address.namespace ? { namespace: address.namespace } : {}),
  };

  const sections = descriptor.detailSections.map((section) => {
    switch (section) {
      case 'node':
        return <NodeDetailSections key={section} address={{ ...address, node: address.name }} />;
      case 'namespace':
        return (
          <NamespaceDetailSections
            key={section}
            vendor={address.vendor}
            region={address.region}
            cluster={address.cluster}
            name={address.name}
          />
        );
      case 'metadata':
        return object && <MetadataSection key={section} object={object} location={address} />;
      case 'labels':
      case 'annotations':
        return (
          object && (
            <KeyValueSection
              key={section}
              address={address}
              field={section}
              values={object.metadata?.[section]}
            />
          )
        );
      case 'yaml':
        return object && <YamlView key={section} object={object} />;
    }
  });

  return (
    <Flex vertical gap="middle" style={{ padding: 24 }} data-testid="resource-detail">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Flex align="center" gap="small" wrap>
          <Tag color="blue">{descriptor.kind}</Tag>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {address.name}
          </Typography.Title>
          <Link to={listPath(descriptor.kind)}>{t('resources.detail.backToList')}</Link>
        </Flex>
        <CollectButton target={target} />
      </Flex>
      {isLoading && <Spin />}
      {/* The base query has already reported why the object could not be read. */}
      {isError && !object && <Empty description={t('resources.detail.unavailable')} />}
      {sections}
    </Flex>
  );
}

/** `/detail/:type/:name?vendor&region&cluster&namespace`: any listed kind, by Kind or plural. */
export default function ResourceDetailPage() {
  const { t } = useTranslation();
  const { type = '', name = '' } = useParams();
  const [query] = useSearchParams();
  const descriptor = descriptorOfType(type);
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
