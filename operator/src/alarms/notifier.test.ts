import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { ReceiverFakes } from '../testing/fakes/alarm-receivers-fake.js';
import { startReceiverFakes } from '../testing/fakes/alarm-receivers-fake.js';
import { createNotifier } from './notifier.js';
import type { Notice } from './payloads.js';

const notice: Notice = {
  rule: 'deployment-unavailable',
  cluster: 'member-a',
  header: 'Deployment web unavailable',
  content: 'web has 1 unavailable replicas',
  labels: { alertname: 'deployment-unavailable', cluster: 'member-a', deployment: 'web' },
  value: 1,
  firedAt: '2030-01-01T00:00:00.000Z',
};

let fakes: ReceiverFakes;
let smtp: SMTPServer;
let smtpPort = 0;
const mails: Array<{ from: string; to: string[]; data: string; user?: string }> = [];

beforeAll(async () => {
  fakes = await startReceiverFakes();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'nimbus' && auth.password === 'smtp-password') {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          ...(typeof session.user === 'string' ? { user: session.user } : {}),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await fakes.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const fakeHost = () => new URL(fakes.url).host;
const notifier = () =>
  createNotifier({
    policy: { allowHosts: [fakeHost(), `127.0.0.1:${smtpPort}`] },
    timeoutMs: 5_000,
  });

describe('notifier', () => {
  it('posts the Slack message to the webhook URL from the Secret', async () => {
    await notifier().deliver(
      { organization: 'acme', type: 'Slack', slack: { channel: '#alerts' } },
      { webhookUrl: `${fakes.url}/slack/T000-B000-XXXX` },
      notice,
    );
    expect(fakes.slack.at(-1)).toMatchObject({
      path: '/slack/T000-B000-XXXX',
      body: { channel: '#alerts', text: '[member-a] Deployment web unavailable' },
    });
  });

  it('takes a WeChat token with the corp ID and secret, then sends as the agent', async () => {
    await notifier().deliver(
      {
        organization: 'acme',
        type: 'WeChat',
        weChat: {
          corpId: 'ww123',
          agentId: '1000002',
          toUser: '@all',
          apiUrl: `${fakes.url}/wechat`,
        },
      },
      { apiSecret: 'wechat-secret' },
      notice,
    );
    const [token, send] = fakes.weChat.slice(-2);
    expect(token?.query).toEqual({ corpid: 'ww123', corpsecret: 'wechat-secret' });
    expect(send).toMatchObject({
      query: { access_token: 'fake-access-token' },
      body: { touser: '@all', agentid: 1000002, msgtype: 'text' },
    });
  });

  it('fails when WeChat refuses the secret', async () => {
    await expect(
      notifier().deliver(
        {
          organization: 'acme',
          type: 'WeChat',
          weChat: { corpId: 'ww1', agentId: '1', toUser: '@all', apiUrl: `${fakes.url}/wechat/` },
        },
        { apiSecret: 'wrong' },
        notice,
      ),
    ).rejects.toThrow('WeChat refused the token request: invalid credential');
  });

  it('texts through the SMS gateway with the API key as bearer token', async () => {
    await notifier().deliver(
      {
        organization: 'acme',
        type: 'SMS',
        sms: { phoneNumbers: ['+8613800000000'], apiUrl: `${fakes.url}/sms` },
      },
      { apiKey: 'sms-key' },
      notice,
    );
    expect(fakes.sms.at(-1)?.body).toEqual({
      to: ['+8613800000000'],
      message: '[Nimbus] Deployment web unavailable (member-a, value 1)',
    });
    await expect(
      notifier().deliver(
        {
          organization: 'acme',
          type: 'SMS',
          sms: { phoneNumbers: ['+1555'.padEnd(8, '0')], apiUrl: `${fakes.url}/sms` },
        },
        { apiKey: 'stolen' },
        notice,
      ),
    ).rejects.toThrow('the endpoint answered HTTP 401');
  });

  it('mails through a real SMTP server, signed in with the password from the Secret', async () => {
    await notifier().deliver(
      {
        organization: 'acme',
        type: 'Email',
        email: {
          smtpHost: '127.0.0.1',
          smtpPort,
          security: 'None',
          from: 'nimbus@acme.io',
          username: 'nimbus',
          to: ['ops@acme.io'],
        },
      },
      { password: 'smtp-password' },
      notice,
    );
    expect(mails.at(-1)).toMatchObject({
      from: 'nimbus@acme.io',
      to: ['ops@acme.io'],
      user: 'nimbus',
    });
    expect(mails.at(-1)?.data).toContain('Subject: [member-a] Deployment web unavailable');
  });

  it('refuses endpoints the SSRF policy refuses, without naming the URL', async () => {
    const strict = createNotifier({ policy: {}, timeoutMs: 5_000 });
    const secretUrl = `${fakes.url}/slack/very-secret-path`;
    const failure = strict.deliver(
      { organization: 'acme', type: 'Slack', slack: { channel: '#alerts' } },
      { webhookUrl: secretUrl },
      notice,
    );
    await expect(failure).rejects.toThrow(/the endpoint is refused: plain http/);
    await expect(failure).rejects.not.toThrow(/very-secret-path/);
  });

  it('needs the credential key of the receiver type', async () => {
    await expect(
      notifier().deliver(
        { organization: 'acme', type: 'Slack', slack: { channel: '#alerts' } },
        {},
        notice,
      ),
    ).rejects.toThrow("the receiver's Secret has no webhookUrl");
  });
});
