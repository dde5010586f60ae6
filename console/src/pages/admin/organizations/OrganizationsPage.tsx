import type { OrgView } from '@nimbus/api';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteOrganizationMutation } from '../../../api/iamApi';
import { useGetUserOrganizationsQuery } from '../../../api/organizationApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { formatTime } from '../../../components/admin/formatTime';
import { currentUserId } from '../../../components/admin/session';
import { ADMIN_PATHS } from '../adminPaths';
import { InvitationDialog } from './InvitationDialog';
import { OrganizationEditDialog } from './OrganizationEditDialog';

export default function OrganizationsPage() {
  const { t, i18n } = useTranslation();
  const userId = currentUserId();
  const { data, isFetching, refetch } = useGetUserOrganizationsQuery(userId, { skip: !userId });
  const [deleteOrganization] = useDeleteOrganizationMutation();
  const [editing, setEditing] = useState<OrgView | undefined>();
  const [inviting, setInviting] = useState<OrgView | undefined>();

  return (
    <>
      <AdminListPage<OrgView>
        title={t('admin.organizations.title')}
        testId="admin-orgs-table"
        rowKey={(org) => org.uuid}
        items={data?.items}
        total={data?.total}
        loading={isFetching}
        refresh={refetch}
        emptyText={t('admin.organizations.empty')}
        create={{ path: ADMIN_PATHS.organizationAdd, label: t('admin.organizations.create') }}
        rowActions={(org) => (
          <>
            <Button type="link" size="small" onClick={() => setEditing(org)}>
              {t('admin.common.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => setInviting(org)}>
              {t('admin.organizations.invite')}
            </Button>
          </>
        )}
        deletion={{
          title: (org) => t('admin.organizations.deleteTitle', { name: org.name }),
          nameOf: (org) => org.name,
          remove: (org) => deleteOrganization(org.uuid).unwrap(),
        }}
        columns={[
          { key: 'name', title: t('organization.name'), dataIndex: 'name' },
          { key: 'cnName', title: t('organization.alias'), dataIndex: 'cnName' },
          { key: 'contact', title: t('organization.contact'), dataIndex: 'contact' },
          { key: 'email', title: t('organization.email'), dataIndex: 'email' },
          {
            key: 'description',
            title: t('admin.common.description'),
            dataIndex: 'description',
          },
          {
            key: 'admin',
            title: t('admin.organizations.adminFlag'),
            text: (org) => org.adminFlag,
            render: (_value, org) =>
              org.adminFlag ? <Tag color="blue">{t('admin.common.yes')}</Tag> : null,
          },
          {
            key: 'createdAt',
            title: t('admin.common.createdAt'),
            text: (org) => org.createdAt,
            render: (_value, org) => formatTime(org.createdAt, i18n.language),
          },
        ]}
      />
      <OrganizationEditDialog organization={editing} onClose={() => setEditing(undefined)} />
      <InvitationDialog organization={inviting} onClose={() => setInviting(undefined)} />
    </>
  );
}
