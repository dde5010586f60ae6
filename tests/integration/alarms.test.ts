// Alarms end to end on the test bed: a rule on a real kube-state series of member-a fires when a
// Deployment becomes unavailable, reaches a real SMTP server and a Slack webhook fake, is
// suppressed by a silence created through the API (mirrored to member-a's real Alertmanager),
// and comes back when the silence is expired.
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import { onMember, registerMember, testbedMonitor, unregisterMember } from '../support/members.js';

const suffix = `alm${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const deployment = `unavailable-${suffix}`;
const base = Number(process.env.NIMBUS_TESTBED_PORT_BASE ?? 16440);
// Allow-listed for the operator under test by hack/operator.sh (base+30, base+31).
const smtpPort = base + 30;
const fakePort = base + 31;

let root: Session;
let smtp: SMTPServer;
let webhook: Server;
const mails: string[] = [];
const slackBodies: Array<{ channel?: string; text?: string }> = [];

const alarm = (method: string, path: string, body?: unknown) =>
  api(method, 'alarm', `/organizations/${org}${path}`, {
    token: root.token,
    ...(body === undefined ? {} : { body }),
  });

interface RuleAnswer {
  alarms: Array<{ state: string; labels: Record<string, string>; header: string }>;
}

async function ruleAlarms() {
  const rules = expectOk(await alarm('GET', '/rules')) as {
    items: Array<RuleAnswer & { name: string }>;
  };
  return rules.items.find((r) => r.name === `rule-${suffix}`)?.alarms ?? [];
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  webhook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        channel?: string;
        text?: string;
      };
      // What Slack's incoming webhook insists on: a POST to the secret path with text.
      if (req.method !== 'POST' || req.url !== `/slack/${suffix}` || !body.text) {
        res.writeHead(400).end('invalid_payload');
        return;
      }
      slackBodies.push(body);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(fakePort, '127.0.0.1', resolve));
  expect((webhook.address() as AddressInfo).port).toBe(fakePort);

  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'alarms',
      contact: 'Ops',
      email: 'ops@alarms.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a');
  // No node matches: the pod stays Pending and the Deployment unavailable.
  const made = onMember(
    'member-a',
    ['apply', '-f', '-'],
    JSON.stringify({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: deployment, namespace: 'default' },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: deployment } },
        template: {
          metadata: { labels: { app: deployment } },
          spec: {
            nodeSelector: { 'nimbus.io/no-such-node': 'true' },
            containers: [{ name: 'web', image: 'registry.example/web:1' }],
          },
        },
      },
    }),
  );
  expect(made.status).toBe(0);
}, 120_000);

afterAll(async () => {
  onMember('member-a', ['delete', 'deployment', deployment, '-n', 'default', '--ignore-not-found']);
  hub(['delete', 'alarmrules.nimbus.io', `rule-${suffix}`, '--ignore-not-found']);
  hub(['delete', 'alarmsilences.nimbus.io', `quiet-${suffix}`, '--ignore-not-found']);
  for (const name of [`mail-${suffix}`, `slack-${suffix}`]) {
    hub(['delete', 'alarmreceivers.nimbus.io', name, '--ignore-not-found']);
  }
  if (root) await unregisterMember(root, cluster, org);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  webhook.closeAllConnections();
  await new Promise<void>((resolve) => webhook.close(() => resolve()));
}, 60_000);

describe('alarms on a real series', () => {
  it('fire on an unavailable Deployment and reach the SMTP server and the Slack webhook', async () => {
    expectOk(
      await alarm('POST', '/receivers', {
        name: `mail-${suffix}`,
        type: 'Email',
        email: {
          smtpHost: '127.0.0.1',
          smtpPort,
          security: 'None',
          from: 'nimbus@alarms.example',
          to: ['ops@alarms.example'],
        },
      }),
    );
    expectOk(
      await alarm('POST', '/receivers', {
        name: `slack-${suffix}`,
        type: 'Slack',
        slack: { channel: '#alerts' },
        secret: `http://127.0.0.1:${fakePort}/slack/${suffix}`,
      }),
    );
    expectOk(
      await alarm('POST', '/rules', {
        name: `rule-${suffix}`,
        cluster,
        metric: `kube_deployment_status_replicas_unavailable{deployment="${deployment}"}`,
        operator: '>',
        threshold: 0,
        durationSeconds: 0,
        header: '{{labels.deployment}} unavailable',
        content: '{{labels.deployment}} has {{value}} unavailable replicas',
        receivers: [`mail-${suffix}`, `slack-${suffix}`],
      }),
    );
    const alarms = await eventually(
      ruleAlarms,
      (list) => list.some((a) => a.state === 'active'),
      90_000,
    );
    expect(alarms).toEqual([
      expect.objectContaining({ state: 'active', header: `${deployment} unavailable` }),
    ]);
    expect(slackBodies).toContainEqual(
      expect.objectContaining({
        channel: '#alerts',
        text: `[${cluster}] ${deployment} unavailable`,
      }),
    );
    expect(mails.join('\n')).toContain(`Subject: [${cluster}] ${deployment} unavailable`);
  }, 120_000);

  it('are suppressed by a silence made through the API, shown in Alertmanager, and back after it expires', async () => {
    const now = Date.now();
    const created = expectOk(
      await alarm('POST', '/silences', {
        name: `quiet-${suffix}`,
        cluster,
        matchers: [{ name: 'deployment', value: deployment }],
        startsAt: new Date(now - 1000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        comment: `maintenance ${suffix}`,
      }),
    ) as { creator: string };
    expect(created.creator).toBe(`root-${suffix}`);
    const suppressed = await eventually(
      ruleAlarms,
      (list) => list[0]?.state === 'suppressed',
      60_000,
    );
    expect(suppressed[0]?.state).toBe('suppressed');

    const alertmanager = testbedMonitor('member-a', 'Alertmanager');
    const mirrored = async () => {
      const response = await fetch(`${alertmanager}/api/v2/silences`);
      const silences = (await response.json()) as Array<{
        comment: string;
        status: { state: string };
      }>;
      return silences.filter((s) => s.comment === `maintenance ${suffix}`);
    };
    const inAlertmanager = await eventually(
      mirrored,
      (list) => list.some((s) => s.status.state === 'active'),
      60_000,
    );
    expect(inAlertmanager.map((s) => s.status.state)).toContain('active');

    expectOk(await alarm('PUT', `/silences/quiet-${suffix}/expire`));
    const back = await eventually(ruleAlarms, (list) => list[0]?.state === 'active', 60_000);
    expect(back[0]?.state).toBe('active');
    const ended = await eventually(
      mirrored,
      (list) => list.every((s) => s.status.state === 'expired'),
      60_000,
    );
    expect(ended.map((s) => s.status.state)).toEqual(['expired']);
  }, 180_000);
});
