import type { ClusterLocation, Release } from '@nimbus/api';
import { App, Button, Empty, Flex, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListReleasesQuery, useUninstallReleaseMutation } from '../../api/appStoreApi';
import type { ReleaseRef } from '../../api/appStoreApi';
import { formatTime } from '../../components/admin/formatTime';
import { LocationSelect } from '../../components/LocationSelect';
import { NamespaceSelector } from '../../components/NamespaceSelector';
import { HistoryDrawer } from './HistoryDrawer';
import { ReleaseStatusTag } from './ReleaseStatusTag';
import { UpgradeDialog } from './UpgradeDialog';

/** Releases of one namespace, with upgrade, history (and rollback) and uninstall. */
export function ReleasesPanel() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [location, setLocation] = useState<ClusterLocation>();
  const [namespace, setNamespace] = useState<string>();
  const [upgrading, setUpgrading] = useState<Release>();
  const [history, setHistory] = useState<Release>();
  const target = location && namespace ? { ...location, namespace } : undefined;
  const { data, isFetching } = useListReleasesQuery(
    target ?? { vendor: '', region: '', cluster: '', namespace: '' },
    {
      skip: !target,
    },
  );
  const [uninstall] = useUninstallReleaseMutation();
  const refOf = (release: Release): ReleaseRef | undefined =>
    target ? { ...target, release: release.name } : undefined;

  const remove = async (release: Release) => {
    const ref = refOf(release);
    if (!ref) return;
    await uninstall(ref)
      .unwrap()
      .then(
        () => void message.success(t('appStore.releases.uninstalled', { release: release.name })),
      )
      .catch(() => undefined);
  };

  return (
    <Flex vertical gap="middle">
      <Space wrap>
        <LocationSelect
          value={location}
          onChange={(next) => {
            setLocation(next);
            setNamespace(undefined);
          }}
          aria-label={t('appStore.install.cluster')}
          data-testid="releases-location"
        />
        <NamespaceSelector
          {...(location ?? {})}
          value={namespace}
          onChange={(next) => setNamespace(typeof next === 'string' ? next : undefined)}
          aria-label={t('appStore.install.namespace')}
        />
      </Space>
      {!target ? (
        <Empty description={t('appStore.releases.choose')} />
      ) : (
        <Table<Release>
          rowKey="name"
          loading={isFetching}
          dataSource={data?.items ?? []}
          pagination={false}
          data-testid="releases-table"
          columns={[
            { key: 'name', title: t('appStore.releases.name'), dataIndex: 'name' },
            { key: 'chart', title: t('appStore.releases.chart'), dataIndex: 'chart' },
            { key: 'revision', title: t('appStore.releases.revision'), dataIndex: 'revision' },
            {
              key: 'status',
              title: t('appStore.releases.status'),
              dataIndex: 'status',
              render: (status: string) => <ReleaseStatusTag status={status} />,
            },
            {
              key: 'updated',
              title: t('appStore.releases.updated'),
              render: (_value, release) => formatTime(release.updated, i18n.language),
            },
            {
              key: 'actions',
              title: t('appStore.releases.actions'),
              render: (_value, release) => (
                <Space>
                  <Button size="small" onClick={() => setUpgrading(release)}>
                    {t('appStore.releases.upgrade')}
                  </Button>
                  <Button size="small" onClick={() => setHistory(release)}>
                    {t('appStore.releases.history')}
                  </Button>
                  <Popconfirm
                    title={t('appStore.releases.uninstallConfirm', { release: release.name })}
                    onConfirm={() => remove(release)}
                  >
                    <Button size="small" danger>
                      {t('appStore.releases.uninstall')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      {upgrading && target && (
        <UpgradeDialog
          release={{ ...target, release: upgrading.name }}
          chart={upgrading.chart}
          onClose={() => setUpgrading(undefined)}
        />
      )}
      {history && target && (
        <HistoryDrawer
          release={{ ...target, release: history.name }}
          onClose={() => setHistory(undefined)}
        />
      )}
    </Flex>
  );
}
