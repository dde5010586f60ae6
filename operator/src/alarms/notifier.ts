import nodemailer from 'nodemailer';
import type { AlarmReceiver } from '../crds/alarm-receiver.js';
import { checkOutboundUrl } from '../outbound/policy.js';
import type { OutboundOptions } from './outbound-http.js';
import { DeliveryError, sendJson } from './outbound-http.js';
import type { Notice } from './payloads.js';
import { emailMessage, slackPayload, smsPayload, weChatPayload } from './payloads.js';

type ReceiverSpec = AlarmReceiver['spec'];

/** The credentials of a receiver, from its Secret (keys: password, webhookUrl, apiSecret, apiKey). */
export type ReceiverCredentials = Readonly<Record<string, string>>;

export interface Notifier {
  deliver(spec: ReceiverSpec, credentials: ReceiverCredentials, notice: Notice): Promise<void>;
}

function required(credentials: ReceiverCredentials, key: string): string {
  const value = credentials[key];
  if (!value) throw new DeliveryError(`the receiver's Secret has no ${key}`);
  return value;
}

async function deliverEmail(
  settings: NonNullable<ReceiverSpec['email']>,
  credentials: ReceiverCredentials,
  notice: Notice,
  options: OutboundOptions,
): Promise<void> {
  // The SMTP host passes the same policy as every URL; the mail goes to the checked address.
  const check = await checkOutboundUrl(
    `https://${settings.smtpHost}:${settings.smtpPort}`,
    options.policy,
    options.resolve,
  );
  if (!check.ok) throw new DeliveryError(`the SMTP server is refused: ${check.reason}`);
  const [address] = check.addresses;
  const password = credentials.password;
  const transport = nodemailer.createTransport({
    host: address,
    port: settings.smtpPort,
    secure: settings.security === 'TLS',
    requireTLS: settings.security === 'StartTLS',
    ignoreTLS: settings.security === 'None',
    tls: { servername: settings.smtpHost },
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    ...(settings.username && password ? { auth: { user: settings.username, pass: password } } : {}),
  });
  try {
    await transport.sendMail(emailMessage(settings, notice));
  } catch (error) {
    throw new DeliveryError(`SMTP delivery failed: ${(error as Error).message}`);
  } finally {
    transport.close();
  }
}

async function deliverWeChat(
  settings: NonNullable<ReceiverSpec['weChat']>,
  credentials: ReceiverCredentials,
  notice: Notice,
  options: OutboundOptions,
): Promise<void> {
  const base = settings.apiUrl.endsWith('/') ? settings.apiUrl : `${settings.apiUrl}/`;
  const tokenUrl = new URL('gettoken', base);
  tokenUrl.searchParams.set('corpid', settings.corpId);
  tokenUrl.searchParams.set('corpsecret', required(credentials, 'apiSecret'));
  const token = (await sendJson({ method: 'GET', url: tokenUrl.href }, options)) as {
    errcode?: number;
    errmsg?: string;
    access_token?: string;
  };
  if (token.errcode !== 0 || !token.access_token) {
    throw new DeliveryError(`WeChat refused the token request: ${token.errmsg ?? 'no token'}`);
  }
  const sendUrl = new URL('message/send', base);
  sendUrl.searchParams.set('access_token', token.access_token);
  const answer = (await sendJson(
    { method: 'POST', url: sendUrl.href, body: weChatPayload(settings, notice) },
    options,
  )) as { errcode?: number; errmsg?: string };
  if (answer.errcode !== 0) {
    throw new DeliveryError(`WeChat refused the message: ${answer.errmsg ?? 'unknown error'}`);
  }
}

/** Delivers notices to each receiver type at its real protocol. */
export function createNotifier(options: OutboundOptions): Notifier {
  return {
    async deliver(spec, credentials, notice) {
      switch (spec.type) {
        case 'Email':
          if (!spec.email) throw new DeliveryError('the receiver has no email settings');
          return deliverEmail(spec.email, credentials, notice, options);
        case 'Slack': {
          if (!spec.slack) throw new DeliveryError('the receiver has no slack settings');
          const url = required(credentials, 'webhookUrl');
          await sendJson(
            { method: 'POST', url, body: slackPayload(spec.slack.channel, notice) },
            options,
          );
          return;
        }
        case 'WeChat':
          if (!spec.weChat) throw new DeliveryError('the receiver has no weChat settings');
          return deliverWeChat(spec.weChat, credentials, notice, options);
        case 'SMS': {
          if (!spec.sms) throw new DeliveryError('the receiver has no sms settings');
          const authorization = `Bearer ${required(credentials, 'apiKey')}`;
          const body = smsPayload(spec.sms.phoneNumbers, notice);
          await sendJson(
            { method: 'POST', url: spec.sms.apiUrl, body, headers: { authorization } },
            options,
          );
          return;
        }
      }
    },
  };
}
