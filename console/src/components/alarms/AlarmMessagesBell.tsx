import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_MESSAGES_POLL_MS, useListAlarmMessagesQuery } from '../../api/alarmConfigApi';
import { AlarmMessageList } from './AlarmMessageList';

/**
 * The header's alarm messages: the firing alarms of the current organization from the silent
 * alert-metrics notification call, polled; a failed call leaves the last ones.
 */
export function AlarmMessagesBell() {
  const { t } = useTranslation();
  const { data } = useListAlarmMessagesQuery(undefined, {
    pollingInterval: ALARM_MESSAGES_POLL_MS,
  });
  const messages = data ?? [];
  const firing = messages.filter((message) => message.state !== 'suppressed').length;

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('alarmSettings.messages.title')}
      content={
        <div style={{ width: 360, maxHeight: 420, overflowY: 'auto' }}>
          <AlarmMessageList messages={messages} />
        </div>
      }
    >
      <Badge count={firing} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          data-testid="header-alarm-messages"
          aria-label={t('alarmSettings.messages.open', { count: firing })}
          icon={<BellOutlined />}
        />
      </Badge>
    </Popover>
  );
}
