import type { DashboardView } from '@nimbus/api';
import { Button, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useListProvidersQuery } from '../../api/clusterApi';
import {
  useDeleteDashboardMutation,
  useListCategoryDashboardsQuery,
  useSaveDashboardMutation,
} from '../../api/dashboardApi';
import { AdminListPage } from '../../components/admin/AdminListPage';
import { currentOrganizationId } from '../../components/admin/session';
import { DASHBOARD_PATHS } from './dashboardPaths';
import { NameDescriptionDialog, type NameDescriptionValues } from './NameDescriptionDialog';
import { readinessOf, ReadyTag } from './readiness';

type DashboardValues = NameDescriptionValues & { cluster: string };
type Editing = { dashboard?: DashboardView } | undefined;

/** /dashboard-custom/category/:category/dashboard: the dashboards of one category. */
export default function DashboardsPage() {
  const { t } = useTranslation();
  const category = useParams().category ?? '';
  const organizationId = currentOrganizationId();
  const { data, isFetching, refetch } = useListCategoryDashboardsQuery(
    { organizationId, category },
    { skip: !organizationId || !category },
  );
  const [editing, setEditing] = useState<Editing>();
  const clusters = useListProvidersQuery(
    { organizationId, page: 1, pageSize: 100 },
    { skip: !organizationId || editing === undefined },
  );
  const [saveDashboard] = useSaveDashboardMutation();
  const [deleteDashboard] = useDeleteDashboardMutation();

  const save = (values: DashboardValues) =>
    saveDashboard({
      organizationId,
      category,
      name: values.name,
      cluster: values.cluster,
      description: values.description?.trim() ?? '',
      isNew: editing?.dashboard === undefined,
    }).unwrap();

  return (
    <>
      <AdminListPage<DashboardView>
        title={t('dashboards.dashboards.title', { category })}
        testId="dashboards-table"
        rowKey={(dashboard) => dashboard.uuid}
        items={data}
        total={data?.length}
        loading={isFetching}
        refresh={refetch}
        emptyText={t('dashboards.dashboards.empty')}
        create={{ label: t('dashboards.dashboards.create'), onClick: () => setEditing({}) }}
        rowActions={(dashboard) => (
          <Button type="link" size="small" onClick={() => setEditing({ dashboard })}>
            {t('dashboards.common.edit')}
          </Button>
        )}
        deletion={{
          title: (dashboard) => t('dashboards.dashboards.deleteTitle', { name: dashboard.name }),
          nameOf: (dashboard) => dashboard.name,
          remove: (dashboard) =>
            deleteDashboard({ organizationId, dashboard: dashboard.name }).unwrap(),
        }}
        columns={[
          {
            key: 'name',
            title: t('dashboards.common.name'),
            text: (dashboard) => dashboard.name,
            render: (_value, dashboard) => (
              <Link to={DASHBOARD_PATHS.detail(dashboard.name)}>{dashboard.name}</Link>
            ),
          },
          { key: 'cluster', title: t('dashboards.dashboards.cluster'), dataIndex: 'cluster' },
          {
            key: 'panels',
            title: t('dashboards.dashboards.panelCount'),
            text: (dashboard) => dashboard.panels.length,
            render: (_value, dashboard) => dashboard.panels.length,
          },
          {
            key: 'description',
            title: t('dashboards.common.description'),
            dataIndex: 'description',
          },
          {
            key: 'ready',
            title: t('dashboards.common.status'),
            text: (dashboard) => t(`dashboards.common.${readinessOf(dashboard.conditions)}`),
            render: (_value, dashboard) => <ReadyTag conditions={dashboard.conditions} />,
          },
        ]}
      />
      <NameDescriptionDialog<DashboardValues>
        open={editing !== undefined}
        title={t(
          editing?.dashboard ? 'dashboards.dashboards.edit' : 'dashboards.dashboards.create',
        )}
        initial={editing?.dashboard}
        save={save}
        onClose={() => setEditing(undefined)}
      >
        <Form.Item
          name="cluster"
          label={t('dashboards.dashboards.cluster')}
          rules={[{ required: true, message: t('dashboards.dashboards.clusterRequired') }]}
        >
          <Select
            showSearch
            loading={clusters.isFetching}
            aria-label={t('dashboards.dashboards.cluster')}
            options={(clusters.data?.items ?? []).map((cluster) => ({
              value: cluster.name,
              label: cluster.name,
            }))}
          />
        </Form.Item>
      </NameDescriptionDialog>
    </>
  );
}
