// Monitoring calls against the test bed's real Prometheus (hack/testbed/monitoring.sh): member-a
// registered with its Prometheus, a user bound with Allow, one with Deny and one unbound; member-b
// registered without monitors.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { ApiResponse } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import {
  gitOpsUser,
  locationOf,
  memberKubeconfig,
  firstDemoPod,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `met${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const bare = `member-b-${suffix}`;
const viewer = `viewer-${suffix}`;
const denied = `denied-${suffix}`;
const stranger = `stranger-${suffix}`;

let root: Session;
let allowed: Session;
let deniedUser: Session;
let unbound: Session;

interface Series {
  metric: string;
  labels: Record<string, string>;
  points: Array<[number, number | null]>;
}
interface RangeData {
  range: { start: number; end: number; step: number };
  series: Series[];
  truncated: boolean;
}
interface InstantData {
  time: number;
  samples: Array<{ metric: string; labels: Record<string, string>; value: number | null }>;
  truncated: boolean;
}

const metrics = <T>(session: Session, path: string, at = cluster): Promise<ApiResponse<T>> =>
  api<T>('GET', 'monitor', `${locationOf(at)}${path}`, { token: session.token });

/** member-a's API server port, as its kubeconfig names it (Prometheus scrapes it there). */
const apiServerPort = new URL(
  /server: (\S+)/.exec(readFileSync(memberKubeconfig('member-a'), 'utf8'))?.[1] ?? 'https://x',
).port;

/**
 * member-a's nodes as kubectl sees them now. Other files add and remove nodes (nodes.test.ts adds
 * one), and Prometheus follows a removal only at its next scrape: the figures are compared with
 * this, not with the test bed's three.
 */
function memberANodes(): { total: number; ready: number; cpuCores: number } {
  const items = (
    JSON.parse(onMember('member-a', ['get', 'nodes', '-o', 'json']).stdout) as {
      items: Array<{
        status?: {
          allocatable?: Record<string, string>;
          conditions?: Array<{ type: string; status: string }>;
        };
      }>;
    }
  ).items;
  const cores = (cpu = '0') => (cpu.endsWith('m') ? Number(cpu.slice(0, -1)) / 1000 : Number(cpu));
  return {
    total: items.length,
    ready: items.filter((node) =>
      node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
    ).length,
    cpuCores: items.reduce((sum, node) => sum + cores(node.status?.allocatable?.cpu), 0),
  };
}

const dashboardKeys = [
  'pod_utilization',
  'cpu_utilization',
  'memory_utilization',
  'disk_utilization',
  'load1',
  'load15',
  'inode_utilization',
  'network_receive',
  'disk_read_iops',
  'node_ready',
];

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'metrics',
      contact: 'Ops',
      email: 'ops@metrics.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a');
  await registerMember(root, bare, org, 'member-b', { monitors: false });
  allowed = await gitOpsUser(viewer, org, [
    { cluster, role: 'developer', effect: 'Allow' },
    { cluster: bare, role: 'developer', effect: 'Allow' },
  ]);
  deniedUser = await gitOpsUser(denied, org, [{ cluster, role: 'developer', effect: 'Deny' }]);
  unbound = await gitOpsUser(stranger, org, []);
  // Every test reads series: a test bed started moments ago has too few scrapes for rates.
  await eventually(
    () => metrics<RangeData>(allowed, '/infra/metrics?range=15m'),
    (r) =>
      r.body.code === 0 &&
      dashboardKeys.every((key) => r.body.data.series.some((s) => s.metric === key)),
    90_000,
  );
  // The API server is scraped every 30 s (hack/testbed/monitoring.sh), the first time up to 30 s
  // after Prometheus started: its series and the black-box probe's may come after the others.
  await eventually(
    () => metrics<InstantData>(allowed, '/components/metrics'),
    (r) =>
      r.body.code === 0 &&
      r.body.data.samples.some((s) => s.metric === 'component_up' && s.labels.job === 'apiserver'),
    90_000,
  );
  await eventually(
    () => metrics<InstantData>(allowed, '/address/metrics'),
    (r) => r.body.code === 0 && r.body.data.samples.some((s) => s.metric === 'probe_success'),
    90_000,
  );
}, 300_000);

afterAll(async () => {
  await unregisterMember(root, cluster, org);
  await unregisterMember(root, bare, org);
  for (const user of [viewer, denied, stranger]) removeGitOpsUser(user);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('metrics from the real Prometheus', () => {
  it('answers infra trends with non-empty series for every chart of the dashboard', async () => {
    const lastReady = (r: ApiResponse<RangeData>) =>
      r.body.data.series.find((s) => s.metric === 'node_ready')?.points.at(-1)?.[1];
    const response = await eventually(
      () => metrics<RangeData>(allowed, '/infra/metrics?range=15m'),
      (r) =>
        r.body.code === 0 &&
        dashboardKeys.every((key) => r.body.data.series.some((s) => s.metric === key)) &&
        lastReady(r) === memberANodes().ready,
      60_000,
    );
    const data = expectOk(response);
    const keys = new Set(data.series.map((s) => s.metric));
    for (const key of dashboardKeys) expect(keys).toContain(key);
    expect(data.range.end - data.range.start).toBe(900);
    expect(lastReady(response)).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('answers the cluster summary and utilization with 3-minute averages', async () => {
    const valueIn = (r: ApiResponse<InstantData>, key: string) =>
      r.body.data.samples.find((s) => s.metric === key)?.value;
    const answered = await eventually(
      () => metrics<InstantData>(allowed, '/clusters/metrics'),
      (r) => {
        if (r.body.code !== 0) return false;
        const nodes = memberANodes();
        return (
          valueIn(r, 'nodes_total') === nodes.total &&
          valueIn(r, 'cpu_allocatable_cores') === nodes.cpuCores
        );
      },
      60_000,
    );
    expectOk(answered);
    // The test bed's three 4-core nodes at least.
    expect(valueIn(answered, 'nodes_total')).toBeGreaterThanOrEqual(3);
    expect(valueIn(answered, 'cpu_allocatable_cores')).toBeGreaterThanOrEqual(12);
    // A 3-minute average needs its subquery's first 30 s steps: a test bed started moments ago
    // has the plain figures before the averages.
    const averaged = ['cpu_utilization', 'cpu_utilization_3m', 'pod_utilization_3m'];
    const utilization = expectOk(
      await eventually(
        () => metrics<InstantData>(allowed, '/utilization/metrics'),
        (r) =>
          r.body.code === 0 &&
          averaged.every((key) => r.body.data.samples.some((s) => s.metric === key)),
        120_000,
      ),
    );
    expect(utilization.samples.map((s) => s.metric)).toEqual(expect.arrayContaining(averaged));
  }, 240_000);

  it('answers node, namespace, pod, component and probe metrics', async () => {
    const nodes = expectOk(
      await metrics<RangeData>(allowed, '/node/infra/metrics?range=15m&node=member-a-node-0'),
    );
    expect(new Set(nodes.series.map((s) => s.labels.node))).toEqual(new Set(['member-a-node-0']));
    const namespaces = expectOk(await metrics<InstantData>(allowed, '/namespaces/metrics'));
    expect(namespaces.samples.some((s) => s.labels.namespace === 'demo')).toBe(true);
    const demo = expectOk(await metrics<RangeData>(allowed, '/namespaces/demo/metrics?range=15m'));
    expect(demo.series.map((s) => s.metric)).toContain('namespace_memory_usage');
    const pod = firstDemoPod('member-a');
    const podData = expectOk(
      await metrics<RangeData>(allowed, `/namespaces/demo/pods/${pod}/metrics?range=15m`),
    );
    expect(podData.series.find((s) => s.metric === 'pod_memory_usage')?.labels.container).toBe(
      'web',
    );
    const components = expectOk(await metrics<InstantData>(allowed, '/components/metrics'));
    expect(
      components.samples.find((s) => s.metric === 'component_up' && s.labels.job === 'apiserver')
        ?.value,
    ).toBe(1);
    const probes = expectOk(await metrics<InstantData>(allowed, '/address/metrics'));
    expect(probes.samples.find((s) => s.metric === 'probe_success')?.value).toBe(1);
  });

  it('runs free PromQL only against the cluster’s own Prometheus', async () => {
    const data = expectOk(
      await metrics<{ resultType: string; series: Series[] }>(
        allowed,
        `/proxy/metrics?query=${encodeURIComponent('up{job="apiserver"}')}`,
      ),
    );
    expect(data.resultType).toBe('vector');
    expect(data.series.map((s) => s.labels.instance)).toEqual([`127.0.0.1:${apiServerPort}`]);
  });

  it('completes metric names and search finds pods across the caller’s clusters', async () => {
    const names = expectOk(
      await metrics<{ values: string[] }>(
        allowed,
        '/value/metrics?label=__name__&prefix=kube_deployment',
      ),
    );
    expect(names.values).toContain('kube_deployment_status_replicas_unavailable');
    const found = expectOk(
      await api<{
        items: Array<{
          providerTopology: { cluster: string };
          resources: Array<{ type: string; samples: unknown[] }>;
        }>;
      }>('GET', 'monitor', '/search/web/metrics', { token: allowed.token }),
    );
    const mine = found.items.find((item) => item.providerTopology.cluster === cluster);
    // The three demo/web pods; Prometheus still answers for a pod replaced in the last 5 minutes.
    expect(mine?.resources.find((r) => r.type === 'memory')?.samples.length).toBeGreaterThanOrEqual(
      3,
    );
    const defaults = expectOk(
      await metrics<{ items: Array<{ key: string }> }>(allowed, '/default/metrics'),
    );
    expect(defaults.items.map((m) => m.key)).toContain('cpu_utilization');
  });
});

describe('who may ask', () => {
  const denial = (name: string) =>
    `Cluster ${name} is not bound by current user or already forbidden`;

  it('answers a user whose binding is Deny with the SPEC text (9997)', async () => {
    const { body } = await metrics(deniedUser, '/infra/metrics');
    expect(body).toMatchObject({ code: 9997, message: denial(cluster) });
  });

  it('answers an unbound user, and a cluster of no organization of theirs, the same way', async () => {
    expect((await metrics(unbound, '/clusters/metrics')).body).toMatchObject({
      code: 9997,
      message: denial(cluster),
    });
    const proxy = await metrics(unbound, '/proxy/metrics?query=up');
    expect(proxy.body).toMatchObject({ code: 9997, message: denial(cluster) });
    const search = expectOk(
      await api<{ items: unknown[] }>('GET', 'monitor', '/search/web/metrics', {
        token: unbound.token,
      }),
    );
    expect(search.items).toEqual([]);
  });

  it('answers "No {0} monitoring data" for a cluster without Prometheus and an unknown pod', async () => {
    expect((await metrics(allowed, '/clusters/metrics', bare)).body).toMatchObject({
      code: 1004,
      message: `No cluster ${bare} monitoring data`,
    });
    expect((await metrics(allowed, '/namespaces/demo/pods/nope/metrics')).body).toMatchObject({
      code: 1004,
      message: 'No pod demo/nope monitoring data',
    });
  });
});

describe('bounds', () => {
  it('refuses a start after the end with the SPEC text, and ranges over 31 days', async () => {
    const late = await metrics(allowed, '/infra/metrics?start=2000&end=1000');
    expect(late.body.code).toBe(1000);
    expect(late.body.message).toContain("Start time couldn't later than end time");
    const long = await metrics(allowed, `/infra/metrics?start=0&end=${40 * 86_400}`);
    expect(long.body.code).toBe(1000);
    expect((await metrics(allowed, '/infra/metrics?range=2w')).body.code).toBe(1000);
  });

  it('coarsens a 7-day range to at most 1,100 points per series', async () => {
    const data = expectOk(
      await metrics<RangeData>(allowed, '/infra/metrics?range=7d&step=10&metrics=load1'),
    );
    expect(data.range.step).toBeGreaterThanOrEqual(Math.ceil((7 * 86_400) / 1_099));
    for (const series of data.series) expect(series.points.length).toBeLessThanOrEqual(1_100);
  });

  it('truncates a result with too many series and reports bad PromQL as a validation error', async () => {
    const all = expectOk(
      await metrics<{ series: Series[]; truncated: boolean }>(
        allowed,
        `/proxy/metrics?query=${encodeURIComponent('{__name__=~".+"}')}`,
      ),
    );
    expect(all.truncated).toBe(true);
    expect(all.series.length).toBe(500);
    const bad = await metrics(allowed, `/proxy/metrics?query=${encodeURIComponent('sum(')}`);
    expect(bad.body.code).toBe(1000);
    expect(bad.body.message).toContain('Prometheus');
    const long = await metrics(allowed, `/proxy/metrics?query=${'a'.repeat(5_000)}`);
    expect(long.body.code).toBe(1000);
  });
});
