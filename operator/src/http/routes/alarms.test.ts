import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRoleObject, builtInRoles } from '../../access/built-in-roles.js';
import { receiverSecretName } from '../../crds/alarm-receiver.js';
import { createUser } from '../../identity/accounts.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { startIdentityApp } from '../../testing/identity.js';

const alarm = '/alarm.nimbus.io/organizations';
const password = 'secret12';
let app: IdentityTestApp;
const tokens: Record<string, string> = {};

async function addUser(
  name: string,
  orgs: Array<{ name: string; admin?: boolean }>,
  role?: string,
) {
  await createUser(app.services, {
    userName: name,
    spec: {
      email: `${name}@example.com`,
      organizations: orgs.map((o) => ({ name: o.name, admin: o.admin ?? false })),
      clusterPermissions: role ? [{ cluster: 'alpha', role, effect: 'Allow' }] : [],
    },
    password,
  });
  const { body } = await app.call('POST', '/auth.nimbus.io/login', {
    body: { userName: name, password },
  });
  tokens[name] = (body.data as { token: string }).token;
}

const call = (caller: string, method: string, path: string, body?: unknown) =>
  app.call(method, `${alarm}${path}`, {
    token: tokens[caller] ?? '',
    ...(body === undefined ? {} : { body }),
  });

async function cluster(name: string, org: string) {
  await app.store.clusters.create({
    metadata: { name, labels: { 'nimbus.io/organization': org } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'r1',
      credentialsSecretRef: { name: `${name}-kubeconfig`, namespace: 'nimbus-system' },
    },
  });
}

const slack = {
  name: 'ops-slack',
  type: 'Slack',
  slack: { channel: '#alerts' },
  secret: 'https://hooks.slack.example/T/B/X',
};
const rule = {
  name: 'web-unavailable',
  cluster: 'alpha',
  metric: 'kube_deployment_status_replicas_unavailable',
  operator: '>',
  threshold: 0,
  header: '{{labels.deployment}} unavailable',
  content: '{{value}} replicas down',
  receivers: ['ops-slack'],
};
const hour = 3_600_000;
const silence = (cluster = 'alpha') => ({
  cluster,
  matchers: [{ name: 'deployment', value: 'web' }],
  startsAt: new Date(Date.now() - 1000).toISOString(),
  endsAt: new Date(Date.now() + hour).toISOString(),
  comment: 'maintenance',
});

beforeAll(async () => {
  app = await startIdentityApp();
  for (const org of ['acme', 'globex']) {
    await app.store.organizations.create({
      metadata: { name: org },
      spec: { cnName: org, contact: 'ops', email: `ops@${org}.example` },
    });
  }
  for (const role of builtInRoles) await app.store.roles.create(builtInRoleObject(role));
  await cluster('alpha', 'acme');
  await cluster('omega', 'globex');
  await addUser('ada', [{ name: 'acme', admin: true }]);
  await addUser('dev', [{ name: 'acme' }], 'developer');
  await addUser('viewer', [{ name: 'acme' }], 'read-only');
  await addUser('gus', [{ name: 'globex', admin: true }]);
  await app.store.alarmReceivers.create({
    metadata: { name: 'globex-mail' },
    spec: {
      organization: 'globex',
      type: 'Email',
      email: { smtpHost: 'mail', from: 'a@g.io', to: ['b@g.io'] },
    },
  });
});

afterAll(async () => {
  await app.close();
});

describe('alarm receivers', () => {
  it('keeps the credential in the receiver Secret and never answers it', async () => {
    const { body } = await call('ada', 'POST', '/acme/receivers', slack);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      name: 'ops-slack',
      type: 'Slack',
      organization: 'acme',
      secretSet: true,
    });
    expect(JSON.stringify(body)).not.toContain('hooks.slack.example');
    const secret = await app.store.secrets.get(receiverSecretName('ops-slack'));
    expect(secret?.data).toEqual({
      webhookUrl: 'https://hooks.slack.example/T/B/X',
      address: '{"type":"Slack"}',
    });
    const list = await call('ada', 'GET', '/acme/receivers');
    expect(JSON.stringify(list.body)).not.toContain('hooks.slack.example');
    expect((list.body.data as { items: unknown[] }).items).toHaveLength(1);
  });

  it('keeps the stored credential when a change sends none', async () => {
    const { secret: _secret, ...withoutSecret } = slack;
    const { body } = await call('ada', 'PUT', '/acme/receivers/ops-slack', {
      ...withoutSecret,
      slack: { channel: '#ops' },
    });
    expect(body.data).toMatchObject({ slack: { channel: '#ops' }, secretSet: true });
  });

  it('keeps a stored key only at the address it was given for', async () => {
    const sms = (apiUrl: string) => ({
      name: 'ops-sms',
      type: 'SMS',
      sms: { phoneNumbers: ['+15550100'], apiUrl },
    });
    const created = await call('ada', 'POST', '/acme/receivers', {
      ...sms('https://sms.example/send'),
      secret: 'sms-key',
    });
    expect(created.body.code).toBe(0);
    const moved = await call('ada', 'PUT', '/acme/receivers/ops-sms', sms('https://evil.example/'));
    expect(moved.body).toMatchObject({ code: 1014, data: [{ path: 'secret' }] });
    expect(moved.body.message).toMatch(/^secret: give the secret again: apiUrl changed/);
    expect(app.store.alarmReceivers.get('ops-sms')?.spec.sms?.apiUrl).toBe(
      'https://sms.example/send',
    );
    const phones = await call('ada', 'PUT', '/acme/receivers/ops-sms', {
      ...sms('https://sms.example/send'),
      sms: { phoneNumbers: ['+15550199'], apiUrl: 'https://sms.example/send' },
    });
    expect(phones.body.code).toBe(0);
    const givenAgain = await call('ada', 'PUT', '/acme/receivers/ops-sms', {
      ...sms('https://sms2.example/send'),
      secret: 'new-key',
    });
    expect(givenAgain.body.code).toBe(0);
    const secret = await app.store.secrets.get(receiverSecretName('ops-sms'));
    expect(secret?.data).toEqual({
      apiKey: 'new-key',
      address: '{"apiUrl":"https://sms2.example/send","type":"SMS"}',
    });
  });

  it('keeps a stored WeChat secret only for the API endpoint and corp it was given for', async () => {
    const weChat = (settings: { apiUrl?: string; corpId?: string; toUser?: string } = {}) => ({
      name: 'ops-wechat',
      type: 'WeChat',
      weChat: {
        corpId: 'ww-acme',
        agentId: '1000002',
        apiUrl: 'https://qyapi.weixin.qq.com/cgi-bin/',
        ...settings,
      },
    });
    const boundAddress =
      '{"apiUrl":"https://qyapi.weixin.qq.com/cgi-bin/","corpId":"ww-acme","type":"WeChat"}';
    const created = await call('ada', 'POST', '/acme/receivers', {
      ...weChat(),
      secret: 'wechat-secret',
    });
    expect(created.body.code).toBe(0);
    const stored = () => app.store.secrets.get(receiverSecretName('ops-wechat'));
    expect((await stored())?.data).toEqual({ apiSecret: 'wechat-secret', address: boundAddress });

    const moved = await call(
      'ada',
      'PUT',
      '/acme/receivers/ops-wechat',
      weChat({ apiUrl: 'https://evil.example/cgi-bin/' }),
    );
    expect(moved.body).toMatchObject({ code: 1014, data: [{ path: 'secret' }] });
    expect(moved.body.message).toMatch(/^secret: give the secret again: apiUrl changed/);
    const otherCorp = await call(
      'ada',
      'PUT',
      '/acme/receivers/ops-wechat',
      weChat({ corpId: 'ww-evil' }),
    );
    expect(otherCorp.body).toMatchObject({ code: 1014, data: [{ path: 'secret' }] });
    expect(otherCorp.body.message).toMatch(/^secret: give the secret again: corpId changed/);
    expect(app.store.alarmReceivers.get('ops-wechat')?.spec.weChat).toMatchObject({
      corpId: 'ww-acme',
      apiUrl: 'https://qyapi.weixin.qq.com/cgi-bin/',
    });

    // Same endpoint and corp: the secret stays, bound to the same address.
    const users = await call(
      'ada',
      'PUT',
      '/acme/receivers/ops-wechat',
      weChat({ toUser: 'ops|oncall' }),
    );
    expect(users.body).toMatchObject({
      code: 0,
      data: { weChat: { toUser: 'ops|oncall' }, secretSet: true },
    });
    expect((await stored())?.data).toEqual({ apiSecret: 'wechat-secret', address: boundAddress });

    const givenAgain = await call('ada', 'PUT', '/acme/receivers/ops-wechat', {
      ...weChat({ apiUrl: 'https://wechat-proxy.acme.example/cgi-bin/', corpId: 'ww-acme2' }),
      secret: 'new-secret',
    });
    expect(givenAgain.body.code).toBe(0);
    expect((await stored())?.data).toEqual({
      apiSecret: 'new-secret',
      address:
        '{"apiUrl":"https://wechat-proxy.acme.example/cgi-bin/","corpId":"ww-acme2","type":"WeChat"}',
    });
  });

  it('is for administrators of the organization only', async () => {
    expect((await call('dev', 'GET', '/acme/receivers')).body.code).toBe(9997);
    expect((await call('gus', 'GET', '/acme/receivers')).body.code).toBe(9997);
    expect((await call('gus', 'PUT', '/globex/receivers/ops-slack', slack)).body.code).toBe(1004);
  });
});

describe('alarm rules', () => {
  it('are created on a cluster of the organization with its receivers', async () => {
    const { body } = await call('ada', 'POST', '/acme/rules', rule);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      name: 'web-unavailable',
      durationSeconds: 60,
      enabled: true,
      alarms: [],
    });
  });

  it('refuse a cluster or a receiver of another organization', async () => {
    const other = await call('ada', 'POST', '/acme/rules', {
      ...rule,
      name: 'x',
      cluster: 'omega',
    });
    expect(other.body).toMatchObject({
      code: 1000,
      message: expect.stringContaining('cluster omega does not exist'),
    });
    const receiver = await call('ada', 'POST', '/acme/rules', {
      ...rule,
      name: 'y',
      receivers: ['globex-mail'],
    });
    expect(receiver.body.message).toContain('receiver globex-mail does not exist');
  });

  it('show firing alarms as alert-metrics messages to members allowed alarm:list', async () => {
    await app.store.alarmRules.applyStatus('web-unavailable', {
      alarms: [
        {
          labels: { deployment: 'web', alertname: 'web-unavailable', cluster: 'alpha' },
          value: 2,
          state: 'active',
          activeAt: '2030-01-01T00:00:00.000Z',
          firedAt: '2030-01-01T00:01:00.000Z',
        },
      ],
    });
    const notifications = '/monitor.nimbus.io/alert-metrics/notifications';
    const { body } = await app.call('GET', notifications, { token: tokens.viewer ?? '' });
    expect(body.data).toEqual({
      items: [
        expect.objectContaining({
          rule: 'web-unavailable',
          state: 'active',
          header: 'web unavailable',
          content: '2 replicas down',
        }),
      ],
    });
    const other = await app.call('GET', notifications, { token: tokens.gus ?? '' });
    expect(other.body.data).toEqual({ items: [] });
  });
});

describe('alarm silences', () => {
  it('are created by members allowed alarm:silence, with the caller as creator', async () => {
    const { body } = await call('dev', 'POST', '/acme/silences', silence());
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      cluster: 'alpha',
      creator: 'dev',
      state: 'active',
      comment: 'maintenance',
    });
    expect((await call('viewer', 'POST', '/acme/silences', silence())).body.code).toBe(9997);
    expect((await call('viewer', 'GET', '/acme/silences')).body.data).toMatchObject({
      items: [{ creator: 'dev' }],
    });
  });

  it('refuse a cluster of another organization and a range that ends before it starts', async () => {
    expect((await call('ada', 'POST', '/acme/silences', silence('omega'))).body.code).toBe(1000);
    const backwards = { ...silence(), endsAt: new Date(Date.now() - hour).toISOString() };
    expect((await call('ada', 'POST', '/acme/silences', backwards)).body.message).toContain(
      "Start time couldn't later than end time",
    );
  });

  it('expire now and can be deleted', async () => {
    const created = await call('ada', 'POST', '/acme/silences', {
      ...silence(),
      name: 'to-expire',
    });
    expect(created.body.code).toBe(0);
    const expired = await call('ada', 'PUT', '/acme/silences/to-expire/expire');
    expect(expired.body.data).toMatchObject({ state: 'expired' });
    expect((await call('viewer', 'DELETE', '/acme/silences/to-expire')).body.code).toBe(9997);
    expect((await call('ada', 'DELETE', '/acme/silences/to-expire')).body.data).toEqual({
      name: 'to-expire',
    });
    expect(app.store.alarmSilences.get('to-expire')).toBeUndefined();
  });
});
