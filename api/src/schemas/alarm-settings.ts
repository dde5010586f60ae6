import { z } from 'zod';
import { emailPattern } from '../shared/accounts.js';
import { agentIdPattern, slackChannelPattern } from '../shared/alarms.js';

// Receiver settings, shared by the API's bodies and the AlarmReceiver CRD. No field
// holds a credential: those are write-only and live in the receiver's Secret.

const endpointUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  .regex(/^https?:[/][/]/, 'must be an http or https URL')
  .max(2048);

const mailAddress = z
  .email({ pattern: emailPattern, message: 'must be a valid email address' })
  .max(254);

const smtpHost = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9]([-A-Za-z0-9.]*[A-Za-z0-9])?$/, 'must be a host name or IP address');

export const emailSettings = z.object({
  smtpHost: smtpHost.meta({ description: 'SMTP server host.' }),
  smtpPort: z.int().min(1).max(65535).default(587).meta({ description: 'SMTP server port.' }),
  security: z
    .enum(['StartTLS', 'TLS', 'None'])
    .default('StartTLS')
    .meta({ description: 'StartTLS upgrades a plain connection; TLS connects over TLS.' }),
  from: mailAddress.meta({ description: 'Sender address.' }),
  username: z
    .string()
    .max(253)
    .optional()
    .meta({ description: 'SMTP user; its password is the Secret key `password`.' }),
  to: z.array(mailAddress).min(1).max(32).meta({ description: 'Recipient addresses.' }),
});

export const slackSettings = z.object({
  channel: z
    .string()
    .min(1)
    .max(80)
    .regex(slackChannelPattern, 'must be a channel name without spaces')
    .meta({
      description: 'Slack channel, e.g. #alerts; the webhook URL is the Secret key `webhookUrl`.',
    }),
});

export const weChatSettings = z.object({
  corpId: z.string().min(1).max(64).meta({ description: 'WeChat Work corp ID.' }),
  agentId: z
    .string()
    .min(1)
    .max(32)
    .regex(agentIdPattern, 'must be a number')
    .meta({ description: 'Application agent ID; the API secret is the Secret key `apiSecret`.' }),
  toUser: z
    .string()
    .max(1024)
    .default('@all')
    .meta({ description: 'Users to notify, `|`-separated.' }),
  apiUrl: endpointUrl
    .default('https://qyapi.weixin.qq.com/cgi-bin/')
    .meta({ description: 'Base URL of the WeChat Work API.' }),
});

export const smsSettings = z.object({
  phoneNumbers: z
    .array(
      z
        .string()
        .max(20)
        .regex(/^\+?[0-9]{5,19}$/, 'must be a phone number'),
    )
    .min(1)
    .max(32)
    .meta({ description: 'Phone numbers to text.' }),
  apiUrl: endpointUrl.meta({
    description: 'SMS gateway endpoint; its key is the Secret key `apiKey` (Bearer).',
  }),
});
