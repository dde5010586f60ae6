// A cluster's monitors are its own: organization A has member-a, organization B (a second tenant
// whose administrator plays the attacker) has member-b. B's administrator cannot point her
// cluster's Prometheus or Alertmanager at an address, so neither free PromQL nor a silence of
// hers reaches member-a's; she names Services of member-b, reached through member-b's API server
// service proxy as the calling user, so member-b's RBAC decides.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberUserName } from '../../operator/src/member/principal.js';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import {
  createOrganizations,
  expectOk,
  gitOpsPasswordUser,
  gitOpsSystemAdmin,
  hub,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  clusterUid,
  gitOpsUser,
  locationOf,
  memberKubeconfig,
  onMember,
  registerMember,
  removeGitOpsUser,
  testbedMonitor,
  testbedMonitorService,
  unregisterMember,
} from '../support/members.js';

const s = `mb${Date.now().toString(36)}`;
const orgA = `org-a-${s}`;
const orgB = `org-b-${s}`;
const clusterA = `member-a-${s}`;
const clusterB = `member-b-${s}`;
const adminB = `admin-b-${s}`;
const nodesOnly = `nodes-${s}`;
const roleNodesOnly = `nodes-only-${s}`;

let root: Session;
let attacker: Session;
let nodeViewer: Session;

/** The API server port of a member as its kubeconfig names it (each Prometheus scrapes its own). */
const apiServerPort = (member: 'member-a' | 'member-b') =>
  new URL(/server: (\S+)/.exec(readFileSync(memberKubeconfig(member), 'utf8'))?.[1] ?? 'https://x')
    .port;

const monitorBody = (type: 'Prometheus' | 'Alertmanager', target: object) => ({
  organizationId: orgB,
  providerId: clusterB,
  type,
  enabled: true,
  ...target,
});

const promql = (session: Session, cluster: string, query: string) =>
  api<{ series: Array<{ labels: Record<string, string> }> }>(
    'GET',
    'monitor',
    `${locationOf(cluster)}/proxy/metrics?query=${encodeURIComponent(query)}`,
    { token: session.token },
  );

/** The silences an Alertmanager holds with this comment, asked directly. */
async function silencesIn(member: 'member-a' | 'member-b', comment: string) {
  const response = await fetch(`${testbedMonitor(member, 'Alertmanager')}/api/v2/silences`);
  const all = (await response.json()) as Array<{ comment: string; status: { state: string } }>;
  return all.filter((silence) => silence.comment === comment);
}

/** The alerts an Alertmanager holds for this alarm rule (its name is their alertname). */
async function alertsIn(member: 'member-a' | 'member-b', rule: string) {
  const filter = encodeURIComponent(`alertname="${rule}"`);
  const response = await fetch(
    `${testbedMonitor(member, 'Alertmanager')}/api/v2/alerts?filter=${filter}`,
  );
  return (await response.json()) as Array<{ labels: Record<string, string> }>;
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(s);
  await createOrganizations(root, [orgA, orgB]);
  expectOk(
    await root.call('POST', '/roles', {
      name: roleNodesOnly,
      organizationId: orgB,
      description: 'nodes only',
      permissions: [{ name: 'node:list', effect: 'allow' }],
    }),
  );
  await registerMember(root, clusterA, orgA, 'member-a');
  attacker = await gitOpsPasswordUser(adminB, `pw-${adminB}-1A`, {
    organizations: [{ name: orgB, admin: true }],
  });
  // B's administrator registers her own cluster herself, without monitors.
  await registerMember(attacker, clusterB, orgB, 'member-b', { monitors: false });
  expectOk(
    await attacker.call('PUT', '/users', {
      updateType: 'general',
      userName: adminB,
      organizationId: orgB,
      providers: [{ cluster: clusterB, roleId: 'owner', effect: 'Allow' }],
    }),
  );
  nodeViewer = await gitOpsUser(nodesOnly, orgB, [
    { cluster: clusterB, role: roleNodesOnly, effect: 'Allow' },
  ]);
}, 180_000);

afterAll(async () => {
  hub(['delete', 'alarmsilences.nimbus.io', `everything-${s}`, '--ignore-not-found']);
  hub(['delete', 'alarmrules.nimbus.io', `always-${s}`, '--ignore-not-found']);
  await unregisterMember(root, clusterA, orgA);
  await unregisterMember(root, clusterB, orgB);
  for (const user of [adminB, nodesOnly]) removeGitOpsUser(user);
  hub(['delete', 'roles.nimbus.io', roleNodesOnly, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', orgA, orgB, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(s);
}, 120_000);

describe("an organization administrator and her cluster's monitors", () => {
  const targets: Array<['Prometheus' | 'Alertmanager', () => string]> = [
    ['Prometheus', () => testbedMonitor('member-a', 'Prometheus')],
    ['Alertmanager', () => testbedMonitor('member-a', 'Alertmanager')],
    ['Prometheus', () => 'http://10.0.0.9:9090'],
  ];
  it.each(targets)(
    'cannot set her %s to a direct address, and is told why',
    async (type, address) => {
      for (const method of ['POST', 'PUT']) {
        const { body } = await api(method, 'manage', '/monitors', {
          token: attacker.token,
          body: monitorBody(type, { address: address() }),
        });
        expect(body.code).toBe(9997);
        expect(body.message).toContain(
          'only a system administrator may set a direct monitor address',
        );
      }
      const stored = hub([
        'get',
        'clusters.nimbus.io',
        clusterB,
        '-o',
        'jsonpath={.spec.monitors}',
      ]);
      expect(stored.stdout).not.toContain('address');
    },
  );

  it('finds the Prometheus and Alertmanager Services of her cluster', async () => {
    const found = expectOk(
      await api<{ items: Array<Record<string, unknown>> }>(
        'POST',
        'manage',
        `/providers/ProviderKubeconfig/clusters/${clusterB}/monitor-services`,
        { token: attacker.token, body: { organizationId: orgB } },
      ),
    );
    expect(found.items).toEqual(
      expect.arrayContaining([
        { type: 'Prometheus', ...testbedMonitorService('Prometheus') },
        { type: 'Alertmanager', ...testbedMonitorService('Alertmanager') },
      ]),
    );
  });

  it("names her cluster's Services and reads only her own cluster's Prometheus", async () => {
    for (const type of ['Prometheus', 'Alertmanager'] as const) {
      const created = expectOk(
        await api('POST', 'manage', '/monitors', {
          token: attacker.token,
          body: monitorBody(type, { service: testbedMonitorService(type) }),
        }),
      );
      expect(created).toMatchObject({ type, service: testbedMonitorService(type) });
    }
    // On a bed just started, Prometheus answers before its first scrape of the API server.
    const answer = await eventually(
      () => promql(attacker, clusterB, 'up{job="apiserver"}'),
      (r) => r.body.code === 0 && r.body.data.series.length > 0,
      60_000,
    );
    expect(expectOk(answer).series.map((series) => series.labels.instance)).toEqual([
      `127.0.0.1:${apiServerPort('member-b')}`,
    ]);
  });

  it("mirrors her silence of every alert only into her own cluster's Alertmanager", async () => {
    const comment = `everything ${s}`;
    const now = Date.now();
    expectOk(
      await api('POST', 'alarm', `/organizations/${orgB}/silences`, {
        token: attacker.token,
        body: {
          name: `everything-${s}`,
          cluster: clusterB,
          matchers: [{ name: 'alertname', value: '.+', isRegex: true }],
          startsAt: new Date(now).toISOString(),
          endsAt: new Date(now + 3_600_000).toISOString(),
          comment,
        },
      }),
    );
    const inB = await eventually(
      () => silencesIn('member-b', comment),
      (found) => found.length > 0,
      60_000,
    );
    expect(inB.map((silence) => silence.status.state)).toEqual(['active']);
    expect(await silencesIn('member-a', comment)).toEqual([]);
  });

  it("mirrors her rule's firing alerts only into her own cluster's Alertmanager", async () => {
    const rule = `always-${s}`;
    expectOk(
      await api('POST', 'alarm', `/organizations/${orgB}/rules`, {
        token: attacker.token,
        body: {
          name: rule,
          cluster: clusterB,
          metric: 'up{job="apiserver"}',
          operator: '>',
          threshold: 0,
          durationSeconds: 0,
          header: 'always',
          content: 'always fires',
        },
      }),
    );
    const inB = await eventually(
      () => alertsIn('member-b', rule),
      (found) => found.length > 0,
      90_000,
    );
    expect(inB.map((alert) => alert.labels.cluster)).toEqual([clusterB]);
    expect(await alertsIn('member-a', rule)).toEqual([]);
  }, 120_000);
});

describe('the member cluster decides who reads its Prometheus', () => {
  it('grants get on exactly the named Prometheus Service to holders of monitoring:view', async () => {
    const canI = (user: string, name: string, namespace: string) =>
      onMember('member-b', [
        'auth',
        'can-i',
        'get',
        `services/${name}`,
        '--subresource=proxy',
        '-n',
        namespace,
        '--as',
        memberUserName(user),
      ]).stdout.trim();
    const proxy = 'http:prometheus:9090';
    expect(
      await eventually(
        () => canI(adminB, proxy, 'monitoring'),
        (a) => a === 'yes',
        60_000,
      ),
    ).toBe('yes');
    expect(canI(adminB, proxy, 'default')).toBe('no');
    expect(canI(adminB, 'http:alertmanager:9093', 'monitoring')).toBe('no');
    expect(canI(nodesOnly, proxy, 'monitoring')).toBe('no');
    const roles = onMember('member-b', [
      'get',
      'roles',
      '-n',
      'monitoring',
      '-l',
      `nimbus.io/cluster-uid=${clusterUid(clusterB)}`,
      '-o',
      'jsonpath={.items[*].rules}',
    ]);
    expect(JSON.parse(roles.stdout)).toEqual([
      { apiGroups: [''], resources: ['services/proxy'], verbs: ['get'], resourceNames: [proxy] },
    ]);
  });

  // Nimbus checks monitoring:view before it calls the member, whose service proxy RBAC (the test
  // above) is the second gate: the user is told the permission she lacks.
  it('refuses a user without monitoring:view on the cluster, with the reason', async () => {
    const { body } = await promql(nodeViewer, clusterB, 'up');
    expect(body.code).toBe(9997);
    expect(body.message).toContain('monitoring:view');
  });

  it('still lets a system administrator set a direct address', async () => {
    const changed = expectOk(
      await api('PUT', 'manage', '/monitors', {
        token: root.token,
        body: monitorBody('Prometheus', { address: testbedMonitor('member-b', 'Prometheus') }),
      }),
    );
    expect(changed).toMatchObject({ address: testbedMonitor('member-b', 'Prometheus') });
  });
});
