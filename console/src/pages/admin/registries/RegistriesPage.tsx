import type { RegistryView } from '@nimbus/api';
import { Button, Empty, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useDeleteRegistryMutation,
  useLazyListRegistriesQuery,
  useListRegistriesQuery,
} from '../../../api/registryApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { currentOrganizationId } from '../../../components/admin/session';
import { useLiveHubList } from '../../../components/admin/useLiveHubList';
import { useListParams } from '../../../components/admin/useListParams';
import { ADMIN_PATHS, editPath, registryBrowsePath } from '../adminPaths';
import { PlainHttpTag } from './PlainHttpTag';

/**
 * The organization's image registries (/admin/registry/list): browse one's repositories, edit,
 * or delete by typing the name.
 */
export default function RegistriesPage() {
  const { t } = useTranslation();
  const organizationId = currentOrganizationId();
  const paging = useListParams();
  const { data, isFetching, refetch } = useListRegistriesQuery(
    { organizationId, ...paging.params },
    { skip: !organizationId },
  );
  const [readRegistries] = useLazyListRegistriesQuery();
  const [deleteRegistry] = useDeleteRegistryMutation();

  const showEmptyState = !isFetching && data?.total === 0 && !paging.params.search;
  // The list follows its changes itself; the empty state shows the first registry once added.
  useLiveHubList(showEmptyState ? 'hub.registries' : undefined, refetch);

  if (showEmptyState) {
    return (
      <Empty style={{ padding: 48 }} description={t('registries.empty')}>
        <Link to={ADMIN_PATHS.registryAdd}>
          <Button type="primary">{t('registries.create')}</Button>
        </Link>
      </Empty>
    );
  }

  return (
    <AdminListPage<RegistryView>
      title={t('registries.title')}
      testId="registry-list-table"
      rowKey={(registry) => registry.uuid}
      items={data?.items}
      total={data?.total}
      loading={isFetching}
      refresh={refetch}
      live="hub.registries"
      emptyText={t('registries.noMatch')}
      paging={paging}
      readPage={(page, pageSize) =>
        readRegistries({ organizationId, ...paging.params, page, pageSize }).unwrap()
      }
      searchPlaceholder={t('registries.searchPlaceholder')}
      fitWidth
      create={{ path: ADMIN_PATHS.registryAdd, label: t('registries.create') }}
      edit={(registry) => ({
        path: editPath(ADMIN_PATHS.registryAdd, registry.name),
        label: t('registries.edit'),
      })}
      rowActions={(registry) => (
        <Link to={registryBrowsePath(registry.name)}>{t('registries.browse')}</Link>
      )}
      deletion={{
        title: (registry) => t('registries.deleteTitle', { name: registry.name }),
        nameOf: (registry) => registry.name,
        remove: (registry) => deleteRegistry({ organizationId, name: registry.name }).unwrap(),
      }}
      columns={[
        { key: 'name', title: t('registries.name'), dataIndex: 'name', sort: 'name' },
        {
          key: 'kind',
          title: t('registries.kind'),
          width: 170,
          text: (registry) => t(`registries.kinds.${registry.kind}`),
          render: (_value, registry) => t(`registries.kinds.${registry.kind}`),
        },
        {
          key: 'host',
          title: t('registries.host'),
          width: 240,
          text: (registry) => registry.host,
          render: (_value, registry) => (
            <Space size={4} wrap>
              {registry.host}
              {registry.plainHttp && <PlainHttpTag />}
            </Space>
          ),
        },
        // Cut short, so a long description takes no more than its share of the row; the cell's
        // title holds the full text.
        {
          key: 'description',
          title: t('registries.description'),
          dataIndex: 'description',
          ellipsis: true,
        },
        {
          key: 'status',
          title: t('registries.status'),
          width: 120,
          text: (registry) => t(registry.ready ? 'registries.ready' : 'registries.notReady'),
          render: (_value, registry) =>
            registry.ready ? (
              <Tag color="success">{t('registries.ready')}</Tag>
            ) : (
              <Tag color="error">{t('registries.notReady')}</Tag>
            ),
        },
      ]}
    />
  );
}
