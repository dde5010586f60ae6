import type { ReceiverType } from '@nimbus/api/shared';
import { agentIdPattern, slackChannelPattern } from '@nimbus/api/shared';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';

const URL_PATTERN = /^https?:\/\/\S+$/;

/** The settings of one receiver type (SMTP/email, Slack channel, WeChat, SMS). */
export function ReceiverSettingsFields({ type }: { type: ReceiverType }) {
  const { t } = useTranslation();
  const required = { required: true, whitespace: true, message: t('alarmSettings.required') };
  const url = { pattern: URL_PATTERN, message: t('alarmSettings.receivers.urlRule') };

  switch (type) {
    case 'Email':
      return (
        <>
          <Form.Item
            name="smtpHost"
            label={t('alarmSettings.receivers.smtpHost')}
            rules={[required]}
          >
            <Input data-testid="receiver-smtp-host" />
          </Form.Item>
          <Form.Item name="smtpPort" label={t('alarmSettings.receivers.smtpPort')}>
            <InputNumber min={1} max={65535} />
          </Form.Item>
          <Form.Item name="security" label={t('alarmSettings.receivers.security')}>
            <Select
              options={(['StartTLS', 'TLS', 'None'] as const).map((value) => ({
                value,
                label: t(`alarmSettings.receivers.securities.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="from"
            label={t('alarmSettings.receivers.from')}
            rules={[required, { type: 'email', message: t('alarmSettings.receivers.emailRule') }]}
          >
            <Input data-testid="receiver-from" />
          </Form.Item>
          <Form.Item name="username" label={t('alarmSettings.receivers.username')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('alarmSettings.receivers.to')}
            extra={t('alarmSettings.receivers.listHint')}
            rules={[required]}
          >
            <Input data-testid="receiver-to" />
          </Form.Item>
        </>
      );
    case 'Slack':
      return (
        <Form.Item
          name="channel"
          label={t('alarmSettings.receivers.channel')}
          rules={[
            required,
            { pattern: slackChannelPattern, message: t('alarmSettings.receivers.channelRule') },
          ]}
        >
          <Input data-testid="receiver-channel" placeholder="#alerts" />
        </Form.Item>
      );
    case 'WeChat':
      return (
        <>
          <Form.Item name="corpId" label={t('alarmSettings.receivers.corpId')} rules={[required]}>
            <Input data-testid="receiver-corp-id" />
          </Form.Item>
          <Form.Item
            name="agentId"
            label={t('alarmSettings.receivers.agentId')}
            rules={[required, { pattern: agentIdPattern, message: t('alarmSettings.numberRule') }]}
          >
            <Input data-testid="receiver-agent-id" />
          </Form.Item>
          <Form.Item name="toUser" label={t('alarmSettings.receivers.toUser')}>
            <Input placeholder="@all" />
          </Form.Item>
          <Form.Item name="weChatApiUrl" label={t('alarmSettings.receivers.apiUrl')} rules={[url]}>
            <Input placeholder="https://qyapi.weixin.qq.com/cgi-bin/" />
          </Form.Item>
        </>
      );
    case 'SMS':
      return (
        <>
          <Form.Item
            name="phoneNumbers"
            label={t('alarmSettings.receivers.phoneNumbers')}
            extra={t('alarmSettings.receivers.listHint')}
            rules={[required]}
          >
            <Input data-testid="receiver-phones" />
          </Form.Item>
          <Form.Item
            name="smsApiUrl"
            label={t('alarmSettings.receivers.apiUrl')}
            rules={[required, url]}
          >
            <Input data-testid="receiver-sms-url" />
          </Form.Item>
        </>
      );
  }
}

/** The label of the type's write-only credential. */
export const secretLabelKey = (type: ReceiverType) =>
  `alarmSettings.receivers.secrets.${type}` as const;
