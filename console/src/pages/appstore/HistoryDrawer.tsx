import type { ReleaseRevision } from '@nimbus/api';
import { App, Button, Drawer, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReleaseHistoryQuery, useRollbackReleaseMutation } from '../../api/appStoreApi';
import type { ReleaseRef } from '../../api/appStoreApi';
import { formatTime } from '../../components/admin/formatTime';
import { ReleaseStatusTag } from './ReleaseStatusTag';

/** A release's revisions, newest first; any earlier one can be rolled back to. */
export function HistoryDrawer({ release, onClose }: { release: ReleaseRef; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { data, isFetching } = useReleaseHistoryQuery(release);
  const [rollback, { isLoading }] = useRollbackReleaseMutation();
  const revisions = [...(data?.items ?? [])].reverse();
  const current = revisions[0]?.revision;

  const rollTo = async (revision: number) => {
    await rollback({ ...release, revision })
      .unwrap()
      .then(() => void message.success(t('appStore.history.rolledBack', { revision })))
      .catch(() => undefined);
  };

  return (
    <Drawer
      open
      width={760}
      title={t('appStore.history.title', { release: release.release })}
      onClose={onClose}
    >
      <Table<ReleaseRevision>
        rowKey="revision"
        loading={isFetching || isLoading}
        dataSource={revisions}
        pagination={false}
        data-testid="release-history"
        columns={[
          { key: 'revision', title: t('appStore.releases.revision'), dataIndex: 'revision' },
          { key: 'chart', title: t('appStore.releases.chart'), dataIndex: 'chart' },
          {
            key: 'status',
            title: t('appStore.releases.status'),
            dataIndex: 'status',
            render: (status: string) => <ReleaseStatusTag status={status} />,
          },
          {
            key: 'updated',
            title: t('appStore.releases.updated'),
            render: (_value, revision) => formatTime(revision.updated, i18n.language),
          },
          {
            key: 'description',
            title: t('appStore.history.description'),
            dataIndex: 'description',
          },
          {
            key: 'actions',
            title: t('appStore.releases.actions'),
            render: (_value, revision) =>
              revision.revision === current ? null : (
                <Popconfirm
                  title={t('appStore.history.rollbackConfirm', { revision: revision.revision })}
                  onConfirm={() => rollTo(revision.revision)}
                >
                  <Button size="small">{t('appStore.history.rollback')}</Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
