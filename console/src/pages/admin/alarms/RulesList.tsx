import type { RuleView } from '@nimbus/api';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALARM_CONFIG_POLL_MS,
  useDeleteRuleMutation,
  useListRulesQuery,
} from '../../../api/alarmConfigApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { formatTime } from '../../../components/admin/formatTime';
import { AlarmStateTag } from '../../../components/alarms/AlarmStateTag';
import { RuleDialog } from './RuleDialog';

type DialogState = { rule: RuleView | undefined } | undefined;

const conditionText = (rule: RuleView) => `${rule.metric} ${rule.operator} ${rule.threshold}`;

/** The organization's alarm rules with their firing alarms: list, create, edit, delete. */
export function RulesList({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<DialogState>();
  // Read again while open; a background read keeps the table as it is (no spinner).
  const { data, currentData, isFetching, refetch } = useListRulesQuery(organizationId, {
    skip: !organizationId,
    pollingInterval: ALARM_CONFIG_POLL_MS,
  });
  const [deleteRule] = useDeleteRuleMutation();

  return (
    <>
      <AdminListPage<RuleView>
        title={t('alarmSettings.rules.title')}
        testId="alarm-rules-table"
        rowKey={(rule) => rule.uuid}
        items={data}
        total={data?.length}
        loading={isFetching && currentData === undefined}
        refresh={refetch}
        emptyText={t('alarmSettings.rules.empty')}
        create={{
          label: t('alarmSettings.rules.create'),
          onClick: () => setDialog({ rule: undefined }),
        }}
        rowActions={(rule) => (
          <Button type="link" size="small" onClick={() => setDialog({ rule })}>
            {t('alarmSettings.edit')}
          </Button>
        )}
        deletion={{
          title: (rule) => t('alarmSettings.rules.deleteTitle', { name: rule.name }),
          nameOf: (rule) => rule.name,
          remove: (rule) => deleteRule({ organizationId, name: rule.name }).unwrap(),
        }}
        columns={[
          { key: 'name', title: t('alarmSettings.name'), dataIndex: 'name' },
          { key: 'cluster', title: t('alarmSettings.rules.cluster'), dataIndex: 'cluster' },
          {
            key: 'condition',
            title: t('alarmSettings.rules.condition'),
            text: (rule) =>
              t('alarmSettings.rules.conditionText', {
                condition: conditionText(rule),
                seconds: rule.durationSeconds,
              }),
            render: (_v, rule) =>
              t('alarmSettings.rules.conditionText', {
                condition: conditionText(rule),
                seconds: rule.durationSeconds,
              }),
          },
          { key: 'header', title: t('alarmSettings.rules.header'), dataIndex: 'header' },
          {
            key: 'receivers',
            title: t('alarmSettings.rules.receivers'),
            text: (rule) => rule.receivers.join(', '),
            render: (_v, rule) => rule.receivers.join(', '),
          },
          {
            key: 'enabled',
            title: t('alarmSettings.rules.enabled'),
            text: (rule) => t(rule.enabled ? 'alarmSettings.rules.on' : 'alarmSettings.rules.off'),
            render: (_v, rule) =>
              rule.enabled ? (
                <Tag color="green">{t('alarmSettings.rules.on')}</Tag>
              ) : (
                <Tag>{t('alarmSettings.rules.off')}</Tag>
              ),
          },
          {
            key: 'alarms',
            title: t('alarmSettings.rules.alarms'),
            text: (rule) =>
              rule.alarms.map((alarm) => t(`alarmSettings.states.${alarm.state}`)).join(', '),
            render: (_v, rule) => (
              <Space size={4} wrap>
                {rule.alarms.map((alarm) => (
                  <AlarmStateTag key={JSON.stringify(alarm.labels)} state={alarm.state} />
                ))}
              </Space>
            ),
          },
          {
            key: 'evaluated',
            title: t('alarmSettings.rules.lastEvaluation'),
            text: (rule) => rule.lastEvaluationTime,
            render: (_v, rule) => formatTime(rule.lastEvaluationTime, i18n.language),
          },
        ]}
      />
      <RuleDialog
        organizationId={organizationId}
        rule={dialog?.rule}
        open={dialog !== undefined}
        onClose={() => setDialog(undefined)}
      />
    </>
  );
}
