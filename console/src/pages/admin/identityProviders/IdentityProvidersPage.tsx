import type { IdentityProviderView } from '@nimbus/api';
import { Button, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteIdentityProviderMutation,
  useListIdentityProvidersQuery,
} from '../../../api/identityProviderApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { formatTime } from '../../../components/admin/formatTime';
import { IdentityProviderDialog } from './IdentityProviderDialog';

type DialogState = { provider: IdentityProviderView | undefined } | undefined;

function ReadyTag({ provider }: { provider: IdentityProviderView }) {
  const { t } = useTranslation();
  const ready = provider.ready;
  if (!ready) return <Tag>{t('admin.identityProviders.checking')}</Tag>;
  const tag =
    ready.status === 'True' ? (
      <Tag color="green">{t('admin.identityProviders.ready')}</Tag>
    ) : (
      <Tag color="red">{ready.reason}</Tag>
    );
  return <Tooltip title={ready.message}>{tag}</Tooltip>;
}

/** /admin/identity-provider: the OpenID Connect providers users sign in with. */
export default function IdentityProvidersPage() {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<DialogState>();
  const { data, isFetching, refetch } = useListIdentityProvidersQuery(undefined);
  const [deleteProvider] = useDeleteIdentityProviderMutation();

  return (
    <>
      <AdminListPage<IdentityProviderView>
        title={t('routes.admin.identityProviders')}
        testId="identity-providers-table"
        rowKey={(provider) => provider.uuid}
        items={data}
        total={data?.length}
        loading={isFetching}
        refresh={refetch}
        emptyText={t('admin.identityProviders.empty')}
        create={{
          label: t('admin.identityProviders.create'),
          onClick: () => setDialog({ provider: undefined }),
        }}
        rowActions={(provider) => (
          <Button type="link" size="small" onClick={() => setDialog({ provider })}>
            {t('admin.identityProviders.edit')}
          </Button>
        )}
        deletion={{
          title: (provider) =>
            t('admin.identityProviders.deleteTitle', { name: provider.displayName }),
          nameOf: (provider) => provider.name,
          remove: (provider) => deleteProvider(provider.name).unwrap(),
        }}
        columns={[
          { key: 'name', title: t('admin.identityProviders.name'), dataIndex: 'name' },
          {
            key: 'displayName',
            title: t('admin.identityProviders.displayName'),
            dataIndex: 'displayName',
          },
          { key: 'issuer', title: t('admin.identityProviders.issuer'), dataIndex: 'issuer' },
          {
            key: 'enabled',
            title: t('admin.identityProviders.enabled'),
            text: (p) => p.enabled,
            render: (_v, p) =>
              p.enabled ? t('admin.identityProviders.yes') : t('admin.identityProviders.no'),
          },
          {
            key: 'ready',
            title: t('admin.identityProviders.status'),
            text: (p) =>
              !p.ready
                ? t('admin.identityProviders.checking')
                : p.ready.status === 'True'
                  ? t('admin.identityProviders.ready')
                  : p.ready.reason,
            render: (_v, p) => <ReadyTag provider={p} />,
          },
          {
            key: 'created',
            title: t('admin.identityProviders.createdAt'),
            text: (p) => p.createdAt,
            render: (_v, p) => formatTime(p.createdAt, i18n.language),
          },
        ]}
      />
      <IdentityProviderDialog
        provider={dialog?.provider}
        open={dialog !== undefined}
        onClose={() => setDialog(undefined)}
      />
    </>
  );
}
