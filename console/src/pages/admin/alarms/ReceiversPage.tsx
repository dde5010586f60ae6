import type { ReceiverView } from '@nimbus/api';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALARM_CONFIG_POLL_MS,
  useDeleteReceiverMutation,
  useListReceiversQuery,
} from '../../../api/alarmConfigApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { formatTime } from '../../../components/admin/formatTime';
import { currentOrganizationId } from '../../../components/admin/session';
import { receiverTarget } from './receiverForm';
import { ReceiverDialog } from './ReceiverDialog';

type DialogState = { receiver: ReceiverView | undefined } | undefined;

/** /admin/alarm/receiver: the organization's alarm receivers of each kind. */
export default function ReceiversPage() {
  const { t, i18n } = useTranslation();
  const organizationId = currentOrganizationId();
  const [dialog, setDialog] = useState<DialogState>();
  // Read again while open; a background read keeps the table as it is (no spinner).
  const { data, currentData, isFetching, refetch } = useListReceiversQuery(organizationId, {
    skip: !organizationId,
    pollingInterval: ALARM_CONFIG_POLL_MS,
  });
  const [deleteReceiver] = useDeleteReceiverMutation();

  return (
    <>
      <AdminListPage<ReceiverView>
        title={t('alarmSettings.receivers.title')}
        testId="alarm-receivers-table"
        rowKey={(receiver) => receiver.uuid}
        items={data}
        total={data?.length}
        loading={isFetching && currentData === undefined}
        refresh={refetch}
        emptyText={t('alarmSettings.receivers.empty')}
        create={{
          label: t('alarmSettings.receivers.create'),
          onClick: () => setDialog({ receiver: undefined }),
        }}
        rowActions={(receiver) => (
          <Button type="link" size="small" onClick={() => setDialog({ receiver })}>
            {t('alarmSettings.edit')}
          </Button>
        )}
        deletion={{
          title: (receiver) => t('alarmSettings.receivers.deleteTitle', { name: receiver.name }),
          nameOf: (receiver) => receiver.name,
          remove: (receiver) => deleteReceiver({ organizationId, name: receiver.name }).unwrap(),
        }}
        columns={[
          { key: 'name', title: t('alarmSettings.name'), dataIndex: 'name' },
          {
            key: 'type',
            title: t('alarmSettings.receivers.type'),
            text: (r) => t(`alarmSettings.receivers.types.${r.type}`),
            render: (_v, r) => <Tag>{t(`alarmSettings.receivers.types.${r.type}`)}</Tag>,
          },
          {
            key: 'target',
            title: t('alarmSettings.receivers.target'),
            text: receiverTarget,
            render: (_v, r) => receiverTarget(r),
          },
          {
            key: 'secret',
            title: t('alarmSettings.receivers.credential'),
            text: (r) =>
              t(
                r.secretSet
                  ? 'alarmSettings.receivers.secretSet'
                  : 'alarmSettings.receivers.secretMissing',
              ),
            render: (_v, r) =>
              r.secretSet ? (
                <Tag color="green">{t('alarmSettings.receivers.secretSet')}</Tag>
              ) : (
                <Tag>{t('alarmSettings.receivers.secretMissing')}</Tag>
              ),
          },
          {
            key: 'description',
            title: t('alarmSettings.description'),
            dataIndex: 'description',
          },
          {
            key: 'created',
            title: t('alarmSettings.createdAt'),
            text: (r) => r.createdAt,
            render: (_v, r) => formatTime(r.createdAt, i18n.language),
          },
        ]}
      />
      <ReceiverDialog
        organizationId={organizationId}
        receiver={dialog?.receiver}
        open={dialog !== undefined}
        onClose={() => setDialog(undefined)}
      />
    </>
  );
}
