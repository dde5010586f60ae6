import type { BodyFor, ReceiverView } from '@nimbus/api';
import type { CredentialAddress, ReceiverType } from '@nimbus/api/shared';
import { receiverAddress } from '@nimbus/api/shared';

/** The receiver dialog's fields; lists are typed comma-separated. */
export interface ReceiverFormValues {
  name: string;
  type: ReceiverType;
  description?: string;
  smtpHost?: string;
  smtpPort?: number;
  security?: 'StartTLS' | 'TLS' | 'None';
  from?: string;
  username?: string;
  to?: string;
  channel?: string;
  corpId?: string;
  agentId?: string;
  toUser?: string;
  weChatApiUrl?: string;
  phoneNumbers?: string;
  smsApiUrl?: string;
  /** Write-only: empty on edit keeps the stored credential. */
  secret?: string;
}

type ReceiverBody = BodyFor<'createAlarmReceiver'>;

const listOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);

const trimmed = (text: string | undefined): string | undefined => text?.trim() || undefined;

/** The type's settings from the form (only the chosen type's settings are sent). */
function settingsOf(values: ReceiverFormValues): Partial<ReceiverBody> {
  switch (values.type) {
    case 'Email':
      return {
        email: {
          smtpHost: values.smtpHost?.trim() ?? '',
          smtpPort: values.smtpPort ?? 587,
          security: values.security ?? 'StartTLS',
          from: values.from?.trim() ?? '',
          username: trimmed(values.username),
          to: listOf(values.to),
        },
      };
    case 'Slack':
      return { slack: { channel: values.channel?.trim() ?? '' } };
    case 'WeChat':
      return {
        weChat: {
          corpId: values.corpId?.trim() ?? '',
          agentId: values.agentId?.trim() ?? '',
          toUser: trimmed(values.toUser),
          apiUrl: trimmed(values.weChatApiUrl),
        },
      };
    case 'SMS':
      return {
        sms: { phoneNumbers: listOf(values.phoneNumbers), apiUrl: values.smsApiUrl?.trim() ?? '' },
      };
  }
}

/** The POST/PUT body; no `secret` key at all when none was typed, so the stored one is kept. */
export function receiverBodyOf(values: ReceiverFormValues): ReceiverBody {
  const secret = values.secret?.trim();
  return {
    name: values.name.trim(),
    type: values.type,
    description: trimmed(values.description),
    ...settingsOf(values),
    ...(secret ? { secret } : {}),
  } as ReceiverBody;
}

/** Where the form's receiver would send its credential (compared with the stored one's). */
export const receiverAddressOf = (values: ReceiverFormValues): CredentialAddress =>
  receiverAddress(values.type, settingsOf(values));

/** The dialog's fields for an existing receiver (its credential is never known here). */
export function formValuesOf(receiver: ReceiverView): ReceiverFormValues {
  return {
    name: receiver.name,
    type: receiver.type,
    description: receiver.description,
    smtpHost: receiver.email?.smtpHost,
    smtpPort: receiver.email?.smtpPort,
    security: receiver.email?.security,
    from: receiver.email?.from,
    username: receiver.email?.username,
    to: receiver.email?.to.join(', '),
    channel: receiver.slack?.channel,
    corpId: receiver.weChat?.corpId,
    agentId: receiver.weChat?.agentId,
    toUser: receiver.weChat?.toUser,
    weChatApiUrl: receiver.weChat?.apiUrl,
    phoneNumbers: receiver.sms?.phoneNumbers.join(', '),
    smsApiUrl: receiver.sms?.apiUrl,
  };
}

/** Where a receiver delivers, for the list. */
export function receiverTarget(receiver: ReceiverView): string {
  if (receiver.email) return receiver.email.to.join(', ');
  if (receiver.slack) return receiver.slack.channel;
  if (receiver.weChat) return `${receiver.weChat.corpId} / ${receiver.weChat.agentId}`;
  return receiver.sms?.phoneNumbers.join(', ') ?? '';
}
