// Issue 25, item 4: a stored write-only credential is only ever sent to the address it was given
// for. Bob, a second admin of the organization, may change its registry and its alarm
// receivers but never read their credentials: moving one to a server of his (the listeners of
// tests/support/credential-capture.ts) without giving the credential again is refused, and a
// move written with kubectl leaves the credential unused, so it never arrives there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { Capture } from '../support/credential-capture.js';
import { captureEndpoint, captureRegistry } from '../support/credential-capture.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsPasswordUser,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  hubJson,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  gitOpsRole,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { secureRegistry } from '../support/registries.js';

const s = `ca${Date.now().toString(36)}`;
const org = `org-${s}`;
const cluster = `member-a-${s}`;
const registry = `reg-${s}`;
const sms = `sms-${s}`;
const mail = `mail-${s}`;
const weChat = `wechat-${s}`;
const smsKey = `sms-key-${s}`;
const ann = `ann-${s}`;
const bob = `bob-${s}`;
const reader = `reader-${s}`;

let root: Session;
let annSession: Session;
let bobSession: Session;
let fakeRegistry: Capture;
let gateway: Capture;

const basicLogin = `Basic ${Buffer.from(
  `${secureRegistry.username}:${secureRegistry.password}`,
).toString('base64')}`;

const manage = (session: Session, method: string, path: string, body: unknown) =>
  api(method, 'manage', path, { token: session.token, body });
const alarm = (session: Session, method: string, path: string, body?: unknown) =>
  api(method, 'alarm', `/organizations/${org}${path}`, {
    token: session.token,
    ...(body === undefined ? {} : { body }),
  });

const registryBody = (host: string) => ({
  name: registry,
  organizationId: org,
  kind: 'Distribution',
  host,
});
const smsBody = (path: string) => ({
  name: sms,
  type: 'SMS',
  sms: { phoneNumbers: ['+15550100'], apiUrl: `http://${gateway.host}${path}` },
});
const weChatBody = (settings: { apiPath?: string; corpId?: string } = {}) => ({
  name: weChat,
  type: 'WeChat',
  weChat: {
    corpId: settings.corpId ?? 'ww-ann',
    agentId: '1000002',
    apiUrl: `http://${gateway.host}${settings.apiPath ?? '/wechat/ann/'}`,
  },
});
const mailBody = (smtpHost: string, smtpPort = 587) => ({
  name: mail,
  type: 'Email',
  email: {
    smtpHost,
    smtpPort,
    security: 'StartTLS',
    from: 'nimbus@example.com',
    username: 'nimbus',
    to: ['ops@example.com'],
  },
});

interface Conditioned {
  status?: { conditions?: Array<{ type: string; status: string; reason: string }> };
}
const credentialsConditionOf = (kind: string, name: string) =>
  hubJson<Conditioned>(['get', kind, name]).status?.conditions?.find(
    (c) => c.type === 'Credentials',
  );

/** A rule that fires at once (durationSeconds 0) and notifies the SMS receiver. */
const firingRule = (name: string) => ({
  name,
  cluster,
  metric: 'vector(1)',
  operator: '>',
  threshold: 0,
  durationSeconds: 0,
  header: `${name} fired`,
  receivers: [sms],
});

/** The states of a rule's alarms, as the API lists them. */
async function alarmStates(name: string): Promise<string[]> {
  const rules = expectOk(await alarm(root, 'GET', '/rules')) as {
    items: Array<{ name: string; alarms: Array<{ state: string }> }>;
  };
  return (rules.items.find((rule) => rule.name === name)?.alarms ?? []).map((a) => a.state);
}

/** The reasons of the hub's Events about one alarm rule. */
const ruleEventReasons = (name: string): string[] =>
  hubJson<{ items: Array<{ reason: string }> }>([
    'get',
    'events',
    '--all-namespaces',
    '--field-selector',
    `involvedObject.kind=AlarmRule,involvedObject.name=${name}`,
  ]).items.map((e) => e.reason);

beforeAll(async () => {
  fakeRegistry = await captureRegistry();
  gateway = await captureEndpoint();
  root = await gitOpsSystemAdmin(s);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'credential-addresses',
      contact: 'Ops',
      email: 'ops@credential-addresses.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a');
  // A rule is evaluated with its author's rights: ann must be able to read the cluster's series.
  gitOpsRole(reader, org, ['application:list', 'node:list', 'monitoring:view']);
  const admin = {
    organizations: [{ name: org, admin: true }],
    clusterPermissions: [{ cluster, role: reader, effect: 'Allow' }],
  };
  annSession = await gitOpsPasswordUser(ann, `pw-${ann}-1A`, admin);
  bobSession = await gitOpsPasswordUser(bob, `pw-${bob}-1A`, admin);
}, 120_000);

afterAll(async () => {
  for (const rule of [`first-${s}`, `second-${s}`]) {
    hub(['delete', 'alarmrules.nimbus.io', rule, '--ignore-not-found']);
  }
  hub(['delete', 'alarmreceivers.nimbus.io', sms, mail, weChat, '--ignore-not-found']);
  hub(['delete', 'registries.nimbus.io', registry, '--ignore-not-found']);
  if (root) await unregisterMember(root, cluster, org);
  removeGitOpsUser(ann);
  removeGitOpsUser(bob);
  hub(['delete', 'roles.nimbus.io', reader, '--ignore-not-found']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(s);
  await fakeRegistry?.close();
  await gateway?.close();
}, 120_000);

describe("a registry's stored login", () => {
  it('is refused at a new host without the password, and never sent there', async () => {
    expectOk(
      await manage(annSession, 'POST', '/registries', {
        ...registryBody(secureRegistry.host),
        credentials: {
          username: secureRegistry.username,
          password: secureRegistry.password,
          caCertificate: secureRegistry.caCertificate,
        },
      }),
    );
    // Bound to its host once the registry controller has looked at it; waiting for that also
    // keeps bob's edit below from racing the controller's first status write (1005).
    const bound = await eventually(
      () => credentialsConditionOf('registries.nimbus.io', registry),
      (c) => c?.status === 'True',
      30_000,
    );
    expect(bound).toMatchObject({ reason: 'AddressMatches' });

    const tested = await manage(bobSession, 'POST', '/registries/test', {
      ...registryBody(fakeRegistry.host),
    });
    expect(tested.body).toMatchObject({ code: 1014, data: [{ path: 'credentials' }] });
    expect(tested.body.message).toContain('give the credentials again');
    const updated = await manage(bobSession, 'PUT', '/registries', registryBody(fakeRegistry.host));
    expect(updated.body.code).toBe(1014);
    expect(
      hub(['get', 'registries.nimbus.io', registry, '-o', 'jsonpath={.spec.host}']).stdout,
    ).toBe(secureRegistry.host);
    // Unchanged, the host keeps the stored login: a description edit needs no password.
    expectOk(
      await manage(bobSession, 'PUT', '/registries', {
        ...registryBody(secureRegistry.host),
        description: 'edited by bob',
      }),
    );
    expect(fakeRegistry.heard.filter((h) => h.authorization !== undefined)).toEqual([]);
  });

  it('is not used once the host is changed with kubectl', async () => {
    const stored = hubJson<{ spec: Record<string, unknown> }>([
      'get',
      'registries.nimbus.io',
      registry,
    ]);
    hubApply([
      {
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'Registry',
        metadata: { name: registry },
        spec: { ...stored.spec, host: fakeRegistry.host },
      },
    ]);
    const condition = await eventually(
      () => credentialsConditionOf('registries.nimbus.io', registry),
      (c) => c?.status === 'False',
      30_000,
    );
    expect(condition).toMatchObject({ reason: 'AddressChanged' });
    const uid = hub([
      'get',
      'registries.nimbus.io',
      registry,
      '-o',
      'jsonpath={.metadata.uid}',
    ]).stdout.trim();
    const browsed = await api('GET', 'manage', `/registries/${uid}/repositories`, {
      token: root.token,
    });
    expect(browsed.body.code).toBe(1014);
    expect(fakeRegistry.heard.map((h) => h.authorization)).not.toContain(basicLogin);
    expect(fakeRegistry.heard.filter((h) => h.authorization !== undefined)).toEqual([]);
  });
});

describe("an alarm receiver's stored key", () => {
  it('is refused at a new address without the key', async () => {
    expectOk(
      await alarm(annSession, 'POST', '/receivers', { ...smsBody('/sms/ann'), secret: smsKey }),
    );
    expectOk(
      await alarm(annSession, 'POST', '/receivers', {
        ...mailBody('smtp.example.com'),
        secret: `smtp-pw-${s}`,
      }),
    );
    const moved = await alarm(bobSession, 'PUT', `/receivers/${sms}`, smsBody('/sms/bob'));
    expect(moved.body).toMatchObject({ code: 1014, data: [{ path: 'secret' }] });
    for (const body of [
      mailBody(gateway.host.split(':')[0] ?? ''),
      mailBody('smtp.example.com', 25),
    ]) {
      expect((await alarm(bobSession, 'PUT', `/receivers/${mail}`, body)).body.code).toBe(1014);
    }
    // Given again, the key may go to the new address.
    expectOk(
      await alarm(bobSession, 'PUT', `/receivers/${mail}`, {
        ...mailBody('smtp.example.net'),
        secret: `bobs-pw-${s}`,
      }),
    );

    expectOk(await alarm(annSession, 'POST', '/receivers', { ...weChatBody(), secret: `wx-${s}` }));
    for (const body of [
      weChatBody({ apiPath: '/wechat/bob/' }),
      weChatBody({ corpId: 'ww-bob' }),
    ]) {
      const refused = await alarm(bobSession, 'PUT', `/receivers/${weChat}`, body);
      expect(refused.body).toMatchObject({ code: 1014, data: [{ path: 'secret' }] });
    }
    const kept = hubJson<{ spec: { weChat: Record<string, string> } }>([
      'get',
      'alarmreceivers.nimbus.io',
      weChat,
    ]);
    expect(kept.spec.weChat).toMatchObject({
      corpId: 'ww-ann',
      apiUrl: `http://${gateway.host}/wechat/ann/`,
    });
  });

  it('goes with the next alarm to its own address, never to one set with kubectl', async () => {
    expectOk(await alarm(annSession, 'POST', '/rules', firingRule(`first-${s}`)));
    const first = await eventually(
      () => alarmStates(`first-${s}`),
      (states) => states.includes('active'),
      90_000,
    );
    expect(first).toContain('active');
    const toAnn = () => gateway.heard.filter((h) => h.path === '/sms/ann');
    expect(toAnn().map((h) => h.authorization)).toContain(`Bearer ${smsKey}`);

    const stored = hubJson<{ spec: Record<string, unknown> }>([
      'get',
      'alarmreceivers.nimbus.io',
      sms,
    ]);
    hubApply([
      {
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'AlarmReceiver',
        metadata: { name: sms },
        spec: {
          ...stored.spec,
          sms: { phoneNumbers: ['+15550100'], apiUrl: `http://${gateway.host}/sms/bob` },
        },
      },
    ]);
    const condition = await eventually(
      () => credentialsConditionOf('alarmreceivers.nimbus.io', sms),
      (c) => c?.status === 'False',
      30_000,
    );
    expect(condition).toMatchObject({ reason: 'AddressChanged' });

    // The second alarm fires but is never delivered: its receiver refuses the stored key.
    expectOk(await alarm(annSession, 'POST', '/rules', firingRule(`second-${s}`)));
    const reasons = await eventually(
      () => ruleEventReasons(`second-${s}`),
      (list) => list.includes('DeliveryFailed'),
      90_000,
    );
    expect(reasons).toContain('DeliveryFailed');
    expect(await alarmStates(`second-${s}`)).toEqual(['unprocessed']);
    const toBob = gateway.heard.filter((h) => h.path === '/sms/bob');
    expect(toBob.map((h) => h.authorization)).not.toContain(`Bearer ${smsKey}`);
    expect(JSON.stringify(toBob)).not.toContain(smsKey);
  }, 240_000);
});
