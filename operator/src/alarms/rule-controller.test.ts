import { beforeEach, describe, expect, it } from 'vitest';
import { receiverSecretName } from '../crds/alarm-receiver.js';
import type { ClusterObject } from '../hub/store.js';
import { organizationLabel } from '../access/org-scope.js';
import type { TestController } from '../testing/controllers.js';
import { startTestController } from '../testing/controllers.js';
import { fakeClock } from '../testing/fake-clock.js';
import { orgObject, userObject } from '../testing/iam.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { seedBuiltInRoles } from '../testing/org-fixtures.js';
import type { AlertmanagerClient, MirroredSilence } from './alertmanager.js';
import type { Sample } from './evaluate.js';
import type { Notifier } from './notifier.js';
import type { Notice } from './payloads.js';
import type { PostableAlert } from './payloads.js';
import { alarmRuleController } from './rule-controller.js';
import { storeReceiverSecret } from './receiver-credentials.js';
import { alarmSilenceController } from './silence-controller.js';

const intervalMs = 15_000;
const start = Date.parse('2030-01-01T00:00:00Z');

/** What the fakes behind the controller saw. */
interface Seen {
  samples: Sample[];
  queries: string[];
  queryFails: boolean;
  delivered: Array<{ type: string; credentials: Record<string, string>; notice: Notice }>;
  refuse: Set<string>;
  alerts: PostableAlert[][];
  silences: MirroredSilence[];
  expired: string[];
}

function fakes(seen: Seen) {
  const notifier: Notifier = {
    async deliver(spec, credentials, notice) {
      if (seen.refuse.has(spec.type)) throw new Error(`${spec.type} is down`);
      seen.delivered.push({ type: spec.type, credentials: { ...credentials }, notice });
    },
  };
  const alertmanager: AlertmanagerClient = {
    async postAlerts(_cluster: ClusterObject, alerts) {
      seen.alerts.push([...alerts]);
    },
    async putSilence(_cluster, silence) {
      seen.silences.push(silence);
      return silence.id ?? `am-${seen.silences.length}`;
    },
    async expireSilence(_cluster, id) {
      seen.expired.push(id);
    },
  };
  const metrics = {
    async query(_cluster: ClusterObject, promql: string) {
      seen.queries.push(promql);
      if (seen.queryFails) throw new Error('Prometheus is unreachable');
      return seen.samples;
    },
  };
  return { notifier, alertmanager, metrics };
}

async function cluster(store: MemoryHubStore, name: string, org: string) {
  await store.clusters.create({
    metadata: { name, labels: { [organizationLabel]: org } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'r1',
      credentialsSecretRef: { name: `${name}-credentials`, namespace: store.namespace },
      monitors: [
        { type: 'Prometheus', address: 'http://127.0.0.1:9090', enabled: true },
        { type: 'Alertmanager', address: 'http://127.0.0.1:9093', enabled: true },
      ],
    },
  });
}

describe('alarm rules on the leader', () => {
  let store: MemoryHubStore;
  let seen: Seen;
  let rules: TestController;

  beforeEach(async () => {
    store = createMemoryStore();
    seen = {
      samples: [],
      queries: [],
      queryFails: false,
      delivered: [],
      refuse: new Set(),
      alerts: [],
      silences: [],
      expired: [],
    };
    for (const org of ['acme', 'globex']) {
      await store.organizations.create({ metadata: { name: org }, spec: orgObject(org).spec });
    }
    await cluster(store, 'member-a', 'acme');
    await cluster(store, 'member-b', 'globex');
    await seedBuiltInRoles(store);
    // ann reads every series of member-a; nora only node series (node:list without pods).
    await store.roles.create({
      metadata: { name: 'nodes-only' },
      spec: { organization: 'acme', permissions: [{ name: 'node:list', effect: 'Allow' }] },
    });
    for (const [name, role] of [
      ['ann', 'owner'],
      ['nora', 'nodes-only'],
    ] as const) {
      const bindings = {
        clusterPermissions: [{ cluster: 'member-a', role, effect: 'Allow' as const }],
      };
      const user = userObject(name, { acme: false }, bindings);
      await store.users.create({ ...user, metadata: { name } });
    }
    await store.alarmReceivers.create({
      metadata: { name: 'ops-slack' },
      spec: { organization: 'acme', type: 'Slack', slack: { channel: '#alerts' } },
    });
    await store.secrets.create({
      name: receiverSecretName('ops-slack'),
      data: { webhookUrl: 'https://hooks.slack.example/T/B/X' },
    });
    await store.alarmReceivers.create({
      metadata: { name: 'globex-mail' },
      spec: {
        organization: 'globex',
        type: 'Email',
        email: { smtpHost: 'mail', from: 'a@globex.io', to: ['b@globex.io'] },
      },
    });
  });

  async function startRules(rule: Record<string, unknown> = {}) {
    await store.alarmRules.create({
      metadata: { name: 'web-unavailable' },
      spec: {
        organization: 'acme',
        cluster: 'member-a',
        metric: 'kube_deployment_status_replicas_unavailable',
        operator: '>',
        threshold: 0,
        durationSeconds: 30,
        header: '{{labels.deployment}} unavailable',
        content: '{{labels.deployment}} has {{value}} unavailable replicas',
        receivers: ['ops-slack'],
        author: 'ann',
        ...rule,
      },
    });
    const deps = { store, ...fakes(seen), intervalMs };
    rules = startTestController(alarmRuleController(deps), fakeClock(start));
    await rules.settled();
  }

  const status = () => store.alarmRules.get('web-unavailable')?.status;
  const condition = (type: string) => status()?.conditions?.find((c) => c.type === type);
  const step = async () => {
    await rules.clock.run(intervalMs);
    await rules.settled();
  };

  it('fires after the duration, tells the receiver once with its Secret, and mirrors to Alertmanager', async () => {
    seen.samples = [{ labels: { deployment: 'web', namespace: 'shop' }, value: 1 }];
    await startRules();
    // ann may read every series of member-a: her query goes unchanged.
    expect(seen.queries[0]).toBe('kube_deployment_status_replicas_unavailable');
    expect(status()?.alarms ?? []).toEqual([]);
    await step();
    await step();
    expect(seen.delivered).toHaveLength(1);
    expect(seen.delivered[0]).toMatchObject({
      type: 'Slack',
      credentials: { webhookUrl: 'https://hooks.slack.example/T/B/X' },
      notice: {
        header: 'web unavailable',
        content: 'web has 1 unavailable replicas',
        cluster: 'member-a',
      },
    });
    expect(status()?.alarms).toEqual([
      expect.objectContaining({
        state: 'active',
        value: 1,
        labels: {
          deployment: 'web',
          namespace: 'shop',
          alertname: 'web-unavailable',
          cluster: 'member-a',
        },
      }),
    ]);
    expect(seen.alerts.at(-1)?.[0]).toMatchObject({
      labels: { alertname: 'web-unavailable' },
      annotations: { summary: 'web unavailable' },
    });
    await step();
    expect(seen.delivered).toHaveLength(1);
    expect(condition('Ready')).toMatchObject({ status: 'True', reason: 'Evaluated' });
    rules.stop();
  });

  it('keeps an alarm unprocessed while its receiver fails, with a Warning Event', async () => {
    seen.samples = [{ labels: { deployment: 'web' }, value: 2 }];
    seen.refuse.add('Slack');
    await startRules({ durationSeconds: 0 });
    expect(status()?.alarms?.[0]?.state).toBe('unprocessed');
    expect(rules.events.about('web-unavailable').map((e) => e.reason)).toContain('DeliveryFailed');
    seen.refuse.clear();
    await step();
    expect(status()?.alarms?.[0]?.state).toBe('active');
    rules.stop();
  });

  it('never delivers a stored key to an address set with kubectl since it was given', async () => {
    const sms = (apiUrl: string) => ({
      organization: 'acme',
      type: 'SMS' as const,
      sms: { phoneNumbers: ['+15550100'], apiUrl },
    });
    const receiver = await store.alarmReceivers.create({
      metadata: { name: 'ops-sms' },
      spec: sms('https://sms.example/send'),
    });
    await storeReceiverSecret(store.secrets, receiver, 'sms-key');
    await store.alarmReceivers.apply({ metadata: { name: 'ops-sms' }, spec: sms('http://evil/') });
    seen.samples = [{ labels: { deployment: 'web' }, value: 1 }];
    await startRules({ durationSeconds: 0, receivers: ['ops-sms'] });
    expect(seen.delivered).toEqual([]);
    expect(status()?.alarms?.[0]?.state).toBe('unprocessed');
    expect(rules.events.about('web-unavailable')).toContainEqual(
      expect.objectContaining({
        reason: 'DeliveryFailed',
        note: expect.stringContaining("the receiver's address changed"),
      }),
    );
    rules.stop();
  });

  it('is suppressed by a silence of its cluster, mirrored to Alertmanager, and told once it ends', async () => {
    seen.samples = [{ labels: { deployment: 'web' }, value: 1 }];
    const silences = startTestController(
      alarmSilenceController({ store, alertmanager: fakes(seen).alertmanager }),
      fakeClock(start),
    );
    await store.alarmSilences.create({
      metadata: { name: 'maintenance' },
      spec: {
        cluster: 'member-a',
        matchers: [{ name: 'deployment', value: 'web' }],
        startsAt: new Date(start - 1000).toISOString(),
        endsAt: new Date(start + 2 * intervalMs).toISOString(),
        comment: 'planned',
        creator: 'admin',
      },
    });
    await silences.settled();
    expect(store.alarmSilences.get('maintenance')?.status).toMatchObject({
      state: 'active',
      alertmanagerId: 'am-1',
    });
    expect(seen.silences[0]).toMatchObject({ createdBy: 'admin', comment: 'planned' });
    await startRules({ durationSeconds: 0 });
    expect(status()?.alarms?.[0]).toMatchObject({ state: 'suppressed', silencedBy: 'maintenance' });
    expect(seen.delivered).toHaveLength(0);
    await step();
    await step();
    expect(status()?.alarms?.[0]?.state).toBe('active');
    expect(seen.delivered).toHaveLength(1);
    await silences.clock.run(2 * intervalMs);
    await silences.settled();
    expect(store.alarmSilences.get('maintenance')?.status?.state).toBe('expired');
    // Ended by the clock: Alertmanager ends it itself; only an early end is sent there.
    expect(seen.expired).toEqual([]);
    await store.alarmSilences.delete('maintenance');
    await silences.settled();
    expect(seen.expired).toEqual(['am-1']);
    silences.stop();
    rules.stop();
  });

  it('ignores a cluster and receivers of another organization (kubectl writes) and says why', async () => {
    seen.samples = [{ labels: {}, value: 1 }];
    await startRules({ cluster: 'member-b', receivers: ['globex-mail'] });
    expect(condition('Valid')).toMatchObject({
      status: 'False',
      reason: 'ClusterOutsideOrganization',
    });
    expect(condition('Valid')?.message).toContain(
      'receiver globex-mail does not belong to organization acme',
    );
    expect(condition('Ready')).toMatchObject({ status: 'False', reason: 'Invalid' });
    expect(seen.delivered).toEqual([]);
    rules.stop();
  });

  it('reports a failed query and evaluates again next interval', async () => {
    seen.queryFails = true;
    await startRules();
    expect(condition('Ready')).toMatchObject({
      status: 'False',
      reason: 'QueryFailed',
      message: 'Prometheus is unreachable',
    });
    seen.queryFails = false;
    await step();
    expect(condition('Ready')).toMatchObject({ status: 'True' });
    rules.stop();
  });

  it("queries with its author's rights: an author who may list only nodes gets node series", async () => {
    seen.samples = [{ labels: { node: 'n1' }, value: 1 }];
    await startRules({ author: 'nora', metric: 'sum by (namespace) (kube_pod_info) > 0 or up' });
    expect(seen.queries.at(-1)).toBe(
      'sum by (namespace) (kube_pod_info{namespace=""}) > 0 or up{namespace=""}',
    );
    rules.stop();
  });

  it('is not evaluated, and says why, once its author is gone or may read nothing there', async () => {
    seen.samples = [{ labels: { deployment: 'web' }, value: 1 }];
    await startRules({ author: 'gone', durationSeconds: 0 });
    expect(seen.queries).toEqual([]);
    expect(condition('Ready')).toMatchObject({
      status: 'False',
      reason: 'AuthorNotFound',
      message: expect.stringContaining('author gone no longer exists'),
    });
    expect(status()?.alarms ?? []).toEqual([]);
    rules.stop();
  });
});
