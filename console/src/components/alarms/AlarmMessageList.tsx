import type { AlarmMessage } from '@nimbus/api';
import { Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../admin/formatTime';
import { AlarmStateTag } from './AlarmStateTag';

const keyOf = (message: AlarmMessage) =>
  `${message.cluster}/${message.rule}/${JSON.stringify(message.labels)}`;

/** Firing alarms as messages: header, cluster, state, content and when it fired. */
export function AlarmMessageList({ messages }: { messages: readonly AlarmMessage[] }) {
  const { t, i18n } = useTranslation();
  if (messages.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarmSettings.messages.empty')} />
    );
  return (
    <List
      data-testid="alarm-messages"
      size="small"
      dataSource={[...messages]}
      rowKey={keyOf}
      renderItem={(message) => (
        <List.Item>
          <List.Item.Meta
            title={
              <Space wrap size={4}>
                <AlarmStateTag state={message.state} />
                <Typography.Text strong>{message.header}</Typography.Text>
              </Space>
            }
            description={
              <Space direction="vertical" size={0}>
                {message.content && <Typography.Text>{message.content}</Typography.Text>}
                <Typography.Text type="secondary">
                  {t('alarmSettings.messages.meta', {
                    cluster: message.cluster,
                    rule: message.rule,
                    value: message.value,
                    time: formatTime(message.firedAt || message.activeAt, i18n.language),
                  })}
                </Typography.Text>
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}
