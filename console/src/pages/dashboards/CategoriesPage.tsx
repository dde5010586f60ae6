import type { CategoryView } from '@nimbus/api';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useDeleteDashboardCategoryMutation,
  useListDashboardCategoriesQuery,
  useSaveDashboardCategoryMutation,
} from '../../api/dashboardApi';
import { AdminListPage } from '../../components/admin/AdminListPage';
import { isAdminRole } from '../../appState/deriveRole';
import { useDerivedRole } from '../../appState/useAppData';
import { currentOrganizationId } from '../../components/admin/session';
import { DASHBOARD_PATHS } from './dashboardPaths';
import { NameDescriptionDialog, type NameDescriptionValues } from './NameDescriptionDialog';
import { readinessOf, ReadyTag } from './readiness';

type Editing = { category?: CategoryView } | undefined;

/** /dashboard-custom/category: the organization's dashboard categories. */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const organizationId = currentOrganizationId();
  const admin = isAdminRole(useDerivedRole());
  const { data, isFetching, refetch } = useListDashboardCategoriesQuery(organizationId, {
    skip: !organizationId,
  });
  const [saveCategory] = useSaveDashboardCategoryMutation();
  const [deleteCategory] = useDeleteDashboardCategoryMutation();
  const [editing, setEditing] = useState<Editing>();

  const save = (values: NameDescriptionValues) =>
    saveCategory({
      organizationId,
      name: values.name,
      description: values.description?.trim() ?? '',
      isNew: editing?.category === undefined,
    }).unwrap();

  return (
    <>
      <AdminListPage<CategoryView>
        title={t('dashboards.categories.title')}
        testId="dashboard-categories-table"
        rowKey={(category) => category.uuid}
        items={data}
        total={data?.length}
        loading={isFetching}
        refresh={refetch}
        emptyText={t('dashboards.categories.empty')}
        {...(admin
          ? {
              create: { label: t('dashboards.categories.create'), onClick: () => setEditing({}) },
              rowActions: (category: CategoryView) => (
                <Button type="link" size="small" onClick={() => setEditing({ category })}>
                  {t('dashboards.common.edit')}
                </Button>
              ),
              deletion: {
                title: (category: CategoryView) =>
                  t('dashboards.categories.deleteTitle', { name: category.name }),
                nameOf: (category: CategoryView) => category.name,
                remove: (category: CategoryView) =>
                  deleteCategory({ organizationId, category: category.name }).unwrap(),
              },
            }
          : {})}
        columns={[
          {
            key: 'name',
            title: t('dashboards.common.name'),
            text: (category) => category.name,
            render: (_value, category) => (
              <Link to={DASHBOARD_PATHS.dashboards(category.name)}>{category.name}</Link>
            ),
          },
          {
            key: 'description',
            title: t('dashboards.common.description'),
            dataIndex: 'description',
          },
          {
            key: 'dashboards',
            title: t('dashboards.categories.dashboardCount'),
            dataIndex: 'dashboards',
          },
          {
            key: 'ready',
            title: t('dashboards.common.status'),
            text: (category) => t(`dashboards.common.${readinessOf(category.conditions)}`),
            render: (_value, category) => <ReadyTag conditions={category.conditions} />,
          },
        ]}
      />
      <NameDescriptionDialog
        open={editing !== undefined}
        title={t(editing?.category ? 'dashboards.categories.edit' : 'dashboards.categories.create')}
        initial={editing?.category}
        save={save}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
