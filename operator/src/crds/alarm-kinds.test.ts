import { describe, expect, it } from 'vitest';
import { alarmReceiverKind } from './alarm-receiver.js';
import { alarmRuleKind } from './alarm-rule.js';
import { renderCrdYaml } from './render.js';

const receiver = (spec: Record<string, unknown>) => ({
  apiVersion: 'nimbus.io/v1alpha1',
  kind: 'AlarmReceiver',
  metadata: { name: 'ops' },
  spec: { organization: 'acme', ...spec },
});

const rule = (spec: Record<string, unknown>) => ({
  apiVersion: 'nimbus.io/v1alpha1',
  kind: 'AlarmRule',
  metadata: { name: 'cpu-high' },
  spec: {
    organization: 'acme',
    cluster: 'member-a',
    metric: 'up',
    operator: '<',
    threshold: 1,
    header: 'Target down',
    content: '',
    ...spec,
  },
});

function problems(kind: typeof alarmReceiverKind | typeof alarmRuleKind, value: unknown) {
  const result = kind.schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('AlarmReceiver', () => {
  it('needs the settings of its type', () => {
    expect(
      problems(alarmReceiverKind, receiver({ type: 'Email', slack: { channel: 'x' } })),
    ).toEqual([
      'spec: the settings of the receiver type (email, slack, weChat or sms) are required',
    ]);
  });

  it('fills SMTP and WeChat defaults', () => {
    const email = alarmReceiverKind.schema.parse(
      receiver({ type: 'Email', email: { smtpHost: 'mail', from: 'a@b.io', to: ['c@d.io'] } }),
    );
    expect(email.spec.email).toMatchObject({ smtpPort: 587, security: 'StartTLS' });
    const weChat = alarmReceiverKind.schema.parse(
      receiver({ type: 'WeChat', weChat: { corpId: 'ww1', agentId: '1000002' } }),
    );
    expect(weChat.spec.weChat).toMatchObject({
      toUser: '@all',
      apiUrl: 'https://qyapi.weixin.qq.com/cgi-bin/',
    });
  });

  it('refuses bad phone numbers, recipients and endpoints', () => {
    const sms = receiver({ type: 'SMS', sms: { phoneNumbers: ['call me'], apiUrl: 'ftp://x' } });
    const paths = new Set(problems(alarmReceiverKind, sms).map((p) => p.split(':')[0]));
    expect(paths).toEqual(new Set(['spec.sms.phoneNumbers.0', 'spec.sms.apiUrl']));
    const email = receiver({ type: 'Email', email: { smtpHost: 'm', from: 'a@b.io', to: [] } });
    expect(problems(alarmReceiverKind, email)).toHaveLength(1);
  });

  it('has no field for a credential: they live in its Secret', () => {
    expect(renderCrdYaml(alarmReceiverKind)).not.toMatch(/password:|webhookUrl:|apiSecret:/);
  });
});

describe('AlarmRule', () => {
  it('defaults to a one-minute duration, enabled, no receivers', () => {
    expect(alarmRuleKind.schema.parse(rule({})).spec).toMatchObject({
      durationSeconds: 60,
      enabled: true,
      receivers: [],
    });
  });

  it('refuses an unknown operator, an empty metric and repeated receivers', () => {
    expect(problems(alarmRuleKind, rule({ operator: '=>' }))).toHaveLength(1);
    expect(problems(alarmRuleKind, rule({ metric: '' }))).toHaveLength(1);
    expect(problems(alarmRuleKind, rule({ receivers: ['a', 'a'] }))).toEqual([
      'spec.receivers: entries must be distinct',
    ]);
  });
});
