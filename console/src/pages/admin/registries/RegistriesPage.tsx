import type { RegistryView } from '@nimbus/api';
import { Button, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteRegistryMutation, useListRegistriesQuery } from '../../../api/registryApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { currentOrganizationId } from '../../../components/admin/session';
import { useListParams } from '../../../components/admin/useListParams';
import { ADMIN_PATHS, editPath } from '../adminPaths';

/** The organization's image registries (/admin/registry/list); delete by typing the name. */
export default function RegistriesPage() {
  const { t } = useTranslation();
  const organizationId = currentOrganizationId();
  const paging = useListParams();
  const { data, isFetching } = useListRegistriesQuery(
    { organizationId, ...paging.params },
    { skip: !organizationId },
  );
  const [deleteRegistry] = useDeleteRegistryMutation();

  if (!isFetching && data?.total === 0 && !paging.params.search) {
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
      emptyText={t('registries.noMatch')}
      paging={paging}
      searchPlaceholder={t('registries.searchPlaceholder')}
      create={{ path: ADMIN_PATHS.registryAdd, label: t('registries.create') }}
      edit={(registry) => ({
        path: editPath(ADMIN_PATHS.registryAdd, registry.name),
        label: t('registries.edit'),
      })}
      deletion={{
        title: (registry) => t('registries.deleteTitle', { name: registry.name }),
        nameOf: (registry) => registry.name,
        remove: (registry) => deleteRegistry({ organizationId, name: registry.name }).unwrap(),
      }}
      columns={[
        { key: 'name', title: t('registries.name'), dataIndex: 'name' },
        {
          key: 'kind',
          title: t('registries.kind'),
          render: (_value, registry) => t(`registries.kinds.${registry.kind}`),
        },
        { key: 'host', title: t('registries.host'), dataIndex: 'host' },
        {
          key: 'status',
          title: t('registries.status'),
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
