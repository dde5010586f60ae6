import type { SilenceView } from '@nimbus/api';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteSilenceMutation,
  useExpireSilenceMutation,
  useListSilencesQuery,
} from '../../../api/alarmApi';
import { ALARM_CONFIG_POLL_MS } from '../../../api/alarmConfigApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { formatTime } from '../../../components/admin/formatTime';
import { currentOrganizationId } from '../../../components/admin/session';
import { SilenceDialog } from './SilenceDialog';

const matcherText = (silence: SilenceView) =>
  silence.matchers
    .map((m) => `${m.name}${m.isEqual ? '' : '!'}${m.isRegex ? '=~' : '='}${m.value}`)
    .join(', ');

/** /admin/alarm/silence: the organization's silences, active and expired. */
export default function SilencesPage() {
  const { t, i18n } = useTranslation();
  const organizationId = currentOrganizationId();
  const [creating, setCreating] = useState(false);
  // Read again while open; a background read keeps the table as it is (no spinner).
  const { data, currentData, isFetching, refetch } = useListSilencesQuery(organizationId, {
    skip: !organizationId,
    pollingInterval: ALARM_CONFIG_POLL_MS,
  });
  const [expireSilence] = useExpireSilenceMutation();
  const [deleteSilence] = useDeleteSilenceMutation();

  return (
    <>
      <AdminListPage<SilenceView>
        title={t('alarms.silences.title')}
        testId="alarm-silences-table"
        rowKey={(silence) => silence.uuid}
        items={data}
        total={data?.length}
        loading={isFetching && currentData === undefined}
        refresh={refetch}
        emptyText={t('alarms.silences.empty')}
        rowActions={(silence) =>
          silence.state === 'active' ? (
            <Button
              type="link"
              size="small"
              onClick={() => void expireSilence({ organizationId, name: silence.name })}
            >
              {t('alarms.silences.expire')}
            </Button>
          ) : null
        }
        deletion={{
          title: (silence) => t('alarms.silences.deleteTitle', { name: silence.name }),
          nameOf: (silence) => silence.name,
          remove: (silence) => deleteSilence({ organizationId, name: silence.name }).unwrap(),
        }}
        columns={[
          { key: 'cluster', title: t('alarms.silences.cluster'), dataIndex: 'cluster' },
          {
            key: 'label',
            title: t('alarms.silences.label'),
            text: matcherText,
            render: (_v, s) => matcherText(s),
          },
          {
            key: 'start',
            title: t('alarms.silences.start'),
            text: (s) => s.startsAt,
            render: (_v, s) => formatTime(s.startsAt, i18n.language),
          },
          {
            key: 'end',
            title: t('alarms.silences.end'),
            text: (s) => s.endsAt,
            render: (_v, s) => formatTime(s.endsAt, i18n.language),
          },
          { key: 'comment', title: t('alarms.silences.comment'), dataIndex: 'comment' },
          { key: 'creator', title: t('alarms.silences.creator'), dataIndex: 'creator' },
          {
            key: 'state',
            title: t('alarms.silences.state'),
            text: (s) => t(`alarms.silenceStates.${s.state}`),
            render: (_v, s) => (
              <Tag color={s.state === 'active' ? 'green' : 'default'}>
                {t(`alarms.silenceStates.${s.state}`)}
              </Tag>
            ),
          },
        ]}
      />
      <div style={{ padding: '0 24px 24px' }}>
        <Button type="primary" data-testid="silence-create" onClick={() => setCreating(true)}>
          {t('alarms.silences.create')}
        </Button>
      </div>
      <SilenceDialog
        organizationId={organizationId}
        open={creating}
        onClose={() => setCreating(false)}
      />
    </>
  );
}
