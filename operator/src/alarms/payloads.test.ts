import { describe, expect, it } from 'vitest';
import {
  alertmanagerAlert,
  emailMessage,
  slackPayload,
  smsPayload,
  weChatPayload,
} from './payloads.js';
import type { Notice } from './payloads.js';
import { fillTemplate } from './template.js';

const labels = { alertname: 'deployment-unavailable', cluster: 'member-a', deployment: 'web' };
const notice: Notice = {
  rule: 'deployment-unavailable',
  cluster: 'member-a',
  header: 'Deployment web unavailable',
  content: 'web has 1 unavailable replicas',
  labels,
  value: 1,
  firedAt: '2030-01-01T00:00:00.000Z',
};

describe('notification payloads', () => {
  it('fills the rule template from the alarm', () => {
    const values = { rule: 'r', cluster: 'member-a', value: 2, threshold: 0, labels };
    expect(
      fillTemplate('{{labels.deployment}} on {{ cluster }}: {{value}} > {{threshold}}', values),
    ).toBe('web on member-a: 2 > 0');
    expect(fillTemplate('{{labels.none}}|{{unknown}}|{{rule}}', values)).toBe('|{{unknown}}|r');
  });

  it('posts a Slack message to the channel with the header and the labels', () => {
    const payload = slackPayload('#alerts', notice);
    expect(payload).toMatchObject({
      channel: '#alerts',
      text: '[member-a] Deployment web unavailable',
      attachments: [{ title: notice.header, text: notice.content, ts: 1893456000 }],
    });
    expect(JSON.stringify(payload)).toContain('deployment=web');
  });

  it('sends WeChat Work a text message with a numeric agent id', () => {
    expect(weChatPayload({ agentId: '1000002', toUser: '@all' }, notice)).toMatchObject({
      touser: '@all',
      msgtype: 'text',
      agentid: 1000002,
      text: { content: expect.stringContaining('Cluster: member-a') },
    });
  });

  it('texts every phone number a short message', () => {
    const payload = smsPayload(['+8613800000000'], notice);
    expect(payload).toEqual({
      to: ['+8613800000000'],
      message: '[Nimbus] Deployment web unavailable (member-a, value 1)',
    });
  });

  it('mails the recipients with the header as subject', () => {
    expect(emailMessage({ from: 'nimbus@acme.io', to: ['ops@acme.io'] }, notice)).toMatchObject({
      from: 'nimbus@acme.io',
      to: ['ops@acme.io'],
      subject: '[member-a] Deployment web unavailable',
      text: expect.stringContaining('Labels: alertname=deployment-unavailable, cluster=member-a'),
    });
  });

  it('mirrors an alert to Alertmanager with its labels and an end in the future', () => {
    expect(alertmanagerAlert(notice, '2030-01-01T00:05:00.000Z')).toEqual({
      labels,
      annotations: { summary: notice.header, description: notice.content, value: '1' },
      startsAt: notice.firedAt,
      endsAt: '2030-01-01T00:05:00.000Z',
    });
  });
});
