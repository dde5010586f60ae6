import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_MESSAGES_POLL_MS,
  useListAlarmMessagesQuery,
  useListReceiversQuery,
  useListRulesQuery,
} from '../../../api/alarmConfigApi';
import { AlarmMessageList } from '../../../components/alarms/AlarmMessageList';

/** The alarm overview: rules, receivers and firing alarms by state, and the alarm messages. */
export function AlarmBasicSettings({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const skip = !organizationId;
  const { data: rules } = useListRulesQuery(organizationId, { skip });
  const { data: receivers } = useListReceiversQuery(organizationId, { skip });
  const { data: messages } = useListAlarmMessagesQuery(undefined, {
    pollingInterval: ALARM_MESSAGES_POLL_MS,
  });
  const inState = (state: string) => (messages ?? []).filter((m) => m.state === state).length;

  const figures = [
    { key: 'rules', value: rules?.length ?? 0 },
    { key: 'enabledRules', value: (rules ?? []).filter((rule) => rule.enabled).length },
    { key: 'receivers', value: receivers?.length ?? 0 },
    { key: 'active', value: inState('active') },
    { key: 'unprocessed', value: inState('unprocessed') },
    { key: 'suppressed', value: inState('suppressed') },
  ] as const;

  return (
    <Row gutter={[16, 16]} style={{ paddingBottom: 24 }} data-testid="alarm-basic">
      {figures.map((figure) => (
        <Col key={figure.key} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={t(`alarmSettings.basic.${figure.key}`)} value={figure.value} />
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <Card size="small" title={t('alarmSettings.messages.title')}>
          <AlarmMessageList messages={messages ?? []} />
        </Card>
      </Col>
    </Row>
  );
}
