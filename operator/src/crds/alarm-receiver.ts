import { emailSettings, slackSettings, smsSettings, weChatSettings } from '@nimbus/api';
import { receiverTypes } from '@nimbus/api/shared';
import type { ReceiverType } from '@nimbus/api/shared';
import { z } from 'zod';
import { basicStatus, description } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { withRule } from './rules.js';
import { nameRef, resourceNameRule } from './names.js';

export { receiverTypes };
export type { ReceiverType };

const typeField: Record<ReceiverType, 'email' | 'slack' | 'weChat' | 'sms'> = {
  Email: 'email',
  Slack: 'slack',
  WeChat: 'weChat',
  SMS: 'sms',
};

/** Name of the Secret (operator namespace) holding a receiver's credentials; never configurable. */
export function receiverSecretName(receiver: string): string {
  return `nimbus-alarm-receiver-${receiver}`;
}

export const alarmReceiverSpec = withRule(
  z.object({
    organization: nameRef('Name of the Organization the receiver belongs to.'),
    type: z.enum(receiverTypes).meta({ description: 'How notifications are delivered.' }),
    description: description.optional(),
    email: emailSettings.optional().meta({ description: 'Settings of an Email receiver.' }),
    slack: slackSettings.optional().meta({ description: 'Settings of a Slack receiver.' }),
    weChat: weChatSettings.optional().meta({ description: 'Settings of a WeChat receiver.' }),
    sms: smsSettings.optional().meta({ description: 'Settings of an SMS receiver.' }),
  }),
  {
    rule: "self.type == 'Email' ? has(self.email) : self.type == 'Slack' ? has(self.slack) : self.type == 'WeChat' ? has(self.weChat) : has(self.sms)",
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
    ...readyColumns,
    ageColumn,
  ],
});

export type AlarmReceiver = z.output<typeof alarmReceiverKind.schema>;
