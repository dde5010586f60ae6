import { z } from 'zod';
import { basicStatus, description, email, text } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { listSet, withRule } from './rules.js';
import { nameRef, resourceNameRule } from './names.js';

/** SPEC §3 receivers: email over SMTP, a Slack channel, WeChat Work, phone/SMS. */
export const receiverTypes = ['Email', 'Slack', 'WeChat', 'SMS'] as const;
export type ReceiverType = (typeof receiverTypes)[number];

const httpsOrHttpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  .max(2048);

const host = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9]([-A-Za-z0-9.]*[A-Za-z0-9])?$/, 'must be a host name or IP address');

export const emailReceiver = z.object({
  smtpHost: host.meta({ description: 'SMTP server host.' }),
  smtpPort: z.int().min(1).max(65535).default(587).meta({ description: 'SMTP server port.' }),
  security: z
    .enum(['StartTLS', 'TLS', 'None'])
    .default('StartTLS')
    .meta({ description: 'StartTLS upgrades a plain connection; TLS connects over TLS.' }),
  from: email.meta({ description: 'Sender address.' }),
  username: text(253)
    .optional()
    .meta({ description: 'SMTP user; its password is the Secret key `password`.' }),
  to: z.array(email).min(1).max(32).meta({ description: 'Recipient addresses.' }),
});

export const slackReceiver = z.object({
  channel: text(80)
    .min(1)
    .regex(/^[#@]?[^\s]+$/, 'must be a channel name without spaces')
    .meta({
      description: 'Slack channel, e.g. #alerts; the webhook URL is the Secret key `webhookUrl`.',
    }),
});

export const weChatReceiver = z.object({
  corpId: text(64).min(1).meta({ description: 'WeChat Work corp ID.' }),
  agentId: text(32)
    .min(1)
    .regex(/^[0-9]+$/, 'must be a number')
    .meta({ description: 'Application agent ID; the API secret is the Secret key `apiSecret`.' }),
  toUser: text(1024).default('@all').meta({ description: 'Users to notify, `|`-separated.' }),
  apiUrl: httpsOrHttpUrl
    .default('https://qyapi.weixin.qq.com/cgi-bin/')
    .meta({ description: 'Base URL of the WeChat Work API.' }),
});

export const smsReceiver = z.object({
  phoneNumbers: listSet(
    z.array(text(20).regex(/^\+?[0-9]{5,19}$/, 'must be a phone number')).min(1).max(32),
  ).meta({ description: 'Phone numbers to text.' }),
  apiUrl: httpsOrHttpUrl.meta({
    description: 'SMS gateway endpoint; its key is the Secret key `apiKey` (Bearer).',
  }),
});

const typeField: Record<ReceiverType, 'email' | 'slack' | 'weChat' | 'sms'> = {
  Email: 'email',
  Slack: 'slack',
  WeChat: 'weChat',
  SMS: 'sms',
};

/** The spec field holding a receiver type's settings. */
export function receiverSettingsField(type: ReceiverType): 'email' | 'slack' | 'weChat' | 'sms' {
  return typeField[type];
}

/** Name of the Secret (operator namespace) holding a receiver's credentials; never configurable. */
export function receiverSecretName(receiver: string): string {
  return `nimbus-alarm-receiver-${receiver}`;
}

export const alarmReceiverSpec = withRule(
  z.object({
    organization: nameRef('Name of the Organization the receiver belongs to.'),
    type: z.enum(receiverTypes).meta({ description: 'How notifications are delivered.' }),
    description: description.optional(),
    email: emailReceiver.optional().meta({ description: 'Settings of an Email receiver.' }),
    slack: slackReceiver.optional().meta({ description: 'Settings of a Slack receiver.' }),
    weChat: weChatReceiver.optional().meta({ description: 'Settings of a WeChat receiver.' }),
    sms: smsReceiver.optional().meta({ description: 'Settings of an SMS receiver.' }),
  }),
  {
    rule:
      "self.type == 'Email' ? has(self.email) : self.type == 'Slack' ? has(self.slack) : self.type == 'WeChat' ? has(self.weChat) : has(self.sms)",
    message: 'the settings of the receiver type (email, slack, weChat or sms) are required',
  },
  (spec) => spec[typeField[spec.type]] !== undefined,
);

export const alarmReceiverKind = defineKind({
  kind: 'AlarmReceiver',
  plural: 'alarmreceivers',
  shortNames: ['nreceiver'],
  description:
    'Where alarm notifications go. Credentials (SMTP password, Slack webhook URL, WeChat API ' +
    'secret, SMS API key) live in the Secret nimbus-alarm-receiver-<name> of the operator namespace.',
  name: resourceNameRule,
  spec: alarmReceiverSpec,
  status: basicStatus,
  printerColumns: [
    { name: 'Type', type: 'string', jsonPath: '.spec.type' },
    { name: 'Organization', type: 'string', jsonPath: '.spec.organization' },
    { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
    ageColumn,
  ],
});

export type AlarmReceiver = z.output<typeof alarmReceiverKind.schema>;
