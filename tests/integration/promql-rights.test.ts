// Free PromQL bounded to the caller's rights on the real test bed (docs/decisions/promql-bound.md):
// member-a's Prometheus holds kwok's pod series (namespace, pod) and node series (no namespace).
// A user whose role lists only nodes reads node series and no pod or namespace name through the
// proxy, completion, metric search, a dashboard panel and an alarm rule; one who lists
// applications reads the pod series and no node series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import {
  gitOpsRole,
  gitOpsUser,
  locationOf,
  memberLetsReadPrometheus,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `pqr${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const nodesRole = `nodes-${suffix}`;
const podsRole = `pods-${suffix}`;
const noraName = `nora-${suffix}`;
const paulName = `paul-${suffix}`;
const goneName = `gone-${suffix}`;
const category = `cat-${suffix}`;

let root: Session;
let nora: Session;
let paul: Session;
let orgUid = '';

interface Series {
  metric: string;
  labels: Record<string, string>;
  points: Array<[number, number | null]>;
}

const monitor = <T>(session: Session, path: string, method = 'GET', body?: unknown) =>
  api<T>(method, 'monitor', path, {
    token: session.token,
    ...(body === undefined ? {} : { body }),
  });

async function proxy(session: Session, query: string, range = ''): Promise<Series[]> {
  const path = `${locationOf(cluster)}/proxy/metrics?query=${encodeURIComponent(query)}${range}`;
  return expectOk(await monitor<{ series: Series[] }>(session, path)).series;
}

async function values(session: Session, question: string): Promise<string[]> {
  const path = `${locationOf(cluster)}/value/metrics?${question}`;
  return expectOk(await monitor<{ values: string[] }>(session, path)).values;
}

const alarm = <T>(session: Session, method: string, path: string, body?: unknown) =>
  api<T>(method, 'alarm', `/organizations/${org}${path}`, {
    token: session.token,
    ...(body === undefined ? {} : { body }),
  });

const rule = (name: string, metric: string) => ({
  name,
  cluster,
  metric,
  operator: '>',
  threshold: 0,
  durationSeconds: 0,
  header: 'seen',
  content: '{{value}}',
  receivers: [],
});

interface RuleView {
  name: string;
  author?: string;
  alarms: Array<{ labels: Record<string, string> }>;
  conditions: Array<{ type: string; status: string; reason: string; message: string }>;
}

async function ruleOf(name: string): Promise<RuleView | undefined> {
  const rules = expectOk(await alarm<{ items: RuleView[] }>(root, 'GET', '/rules'));
  return rules.items.find((r) => r.name === name);
}

const readyOf = (view: RuleView | undefined) => view?.conditions.find((c) => c.type === 'Ready');

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  const created = expectOk(
    await root.call<{ uuid: string }>('POST', '/organizations', {
      name: org,
      cnName: 'promql-rights',
      contact: 'Ops',
      email: 'ops@promql.example',
    }),
  );
  orgUid = created.uuid;
  await registerMember(root, cluster, org, 'member-a');
  const alarms = ['alarm:list', 'alarm:manage'];
  gitOpsRole(nodesRole, org, ['node:list', 'monitoring:view', 'monitoring:manage', ...alarms]);
  gitOpsRole(podsRole, org, ['application:list', 'monitoring:view']);
  nora = await gitOpsUser(noraName, org, [{ cluster, role: nodesRole, effect: 'Allow' }]);
  paul = await gitOpsUser(paulName, org, [{ cluster, role: podsRole, effect: 'Allow' }]);
  // Their monitoring:view reaches member-a as a Role in its monitoring namespace a moment later.
  await memberLetsReadPrometheus('member-a', noraName);
  await memberLetsReadPrometheus('member-a', paulName);
  // Both kinds of series are there before anyone is bounded.
  await eventually(
    () =>
      proxy(root, 'count by (__name__) ({__name__=~"kube_pod_info|kube_node_status_allocatable"})'),
    (series) => series.length === 2,
    90_000,
  );
}, 180_000);

afterAll(async () => {
  for (const name of [`pods-${suffix}`, `nodes-${suffix}`, `gone-rule-${suffix}`]) {
    hub(['delete', 'alarmrules.nimbus.io', name, '--ignore-not-found']);
  }
  hub(['delete', 'dashboards.nimbus.io', `dash-${suffix}`, '--ignore-not-found']);
  hub(['delete', 'dashboardcategories.nimbus.io', category, '--ignore-not-found']);
  if (root) await unregisterMember(root, cluster, org);
  for (const user of [noraName, paulName, goneName]) removeGitOpsUser(user);
  hub(['delete', 'roles.nimbus.io', nodesRole, podsRole, '--ignore-not-found']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
}, 120_000);

const names = (series: Series[], label: string) =>
  new Set(series.map((s) => s.labels[label]).filter((v) => v !== undefined));

describe('the PromQL proxy', () => {
  it('shows a user who may list only nodes node series and no pod or namespace name', async () => {
    expect(await proxy(nora, 'kube_pod_info')).toEqual([]);
    expect(await proxy(nora, 'count by (namespace, pod) (kube_pod_info)')).toEqual([]);
    const escape = await proxy(
      nora,
      'kube_pod_info{namespace=~".+"} or kube_node_status_allocatable',
    );
    expect(escape.length).toBeGreaterThan(0);
    const everything = await proxy(
      nora,
      '{__name__=~"kube_pod_info|kube_node_status_allocatable"}',
    );
    expect(names(everything, '__name__')).toEqual(new Set(['kube_node_status_allocatable']));
    for (const series of [...escape, ...everything]) {
      expect(series.labels.namespace).toBeUndefined();
      expect(series.labels.pod).toBeUndefined();
    }
    const ranged = await proxy(nora, 'rate(pod_cpu_usage_seconds_total[2m])', '&range=15m');
    expect(ranged).toEqual([]);
    expect((await proxy(nora, 'sum(node_memory_working_set_bytes)')).length).toBe(1);
  });

  it('shows a user who may list applications the pod series and no node series', async () => {
    const pods = await proxy(paul, 'kube_pod_info');
    expect(names(pods, 'namespace')).toContain('demo');
    expect(await proxy(paul, 'kube_node_status_allocatable')).toEqual([]);
  });

  it('refuses what it cannot bound, as a validation error', async () => {
    const path = `${locationOf(cluster)}/proxy/metrics?query=${encodeURIComponent('sum(')}`;
    expect((await monitor(nora, path)).body.code).toBe(1000);
  });
});

describe('completion and metric search', () => {
  it('completes no namespace, pod or pod metric for the nodes-only user', async () => {
    expect(await values(nora, 'label=namespace')).toEqual([]);
    expect(await values(nora, 'label=pod')).toEqual([]);
    expect(await values(nora, 'label=__name__&prefix=kube_pod')).toEqual([]);
    expect(await values(nora, 'label=__name__&prefix=kube_node')).toContain(
      'kube_node_status_allocatable',
    );
    expect(await values(nora, 'label=pod&match=kube_pod_info')).toEqual([]);
    expect(await values(paul, 'label=namespace')).toContain('demo');
  });

  it('finds no pod for the nodes-only user and the demo pods for the other', async () => {
    type Found = { items: Array<{ providerTopology: { cluster: string } }> };
    const search = async (session: Session) =>
      expectOk(await monitor<Found>(session, '/search/web/metrics')).items.filter(
        (item) => item.providerTopology.cluster === cluster,
      );
    expect(await search(nora)).toEqual([]);
    expect(await search(paul)).toHaveLength(1);
  });
});

describe('a dashboard panel of the nodes-only user', () => {
  it('answers its pod query with nothing and its node query with series', async () => {
    expectOk(
      await monitor(root, '/dashboard-categories', 'POST', {
        organizationId: org,
        name: category,
      }),
    );
    expectOk(
      await monitor(nora, '/dashboards', 'POST', {
        organizationId: org,
        name: `dash-${suffix}`,
        category,
        cluster,
      }),
    );
    const panels = `/organizations/${orgUid}/dashboards/dash-${suffix}/panels`;
    for (const [title, query] of [
      ['pods', 'count by (pod) (kube_pod_info)'],
      ['nodes', 'count by (node) (kube_node_status_allocatable)'],
    ] as const) {
      expectOk(await monitor(nora, panels, 'POST', { title, query, visualization: 'line' }));
    }
    type Dashboard = { panels: Array<{ title: string; query: string }> };
    const saved = expectOk(
      await monitor<Dashboard>(nora, `/organizations/${orgUid}/dashboards/dash-${suffix}`),
    );
    const queryOf = (title: string) => saved.panels.find((p) => p.title === title)?.query ?? '';
    expect(await proxy(nora, queryOf('pods'), '&range=15m')).toEqual([]);
    expect((await proxy(nora, queryOf('nodes'), '&range=15m')).length).toBeGreaterThan(0);
    expect((await proxy(root, queryOf('pods'), '&range=15m')).length).toBeGreaterThan(0);
  });
});

describe("an alarm rule, evaluated with its author's rights", () => {
  it('fires on node series and never on pod series for the nodes-only author', async () => {
    const byNamespace = 'count by (namespace) (kube_pod_info)';
    expectOk(await alarm(nora, 'POST', '/rules', rule(`pods-${suffix}`, byNamespace)));
    const byNode = 'count by (node) (kube_node_status_allocatable)';
    expectOk(await alarm(nora, 'POST', '/rules', rule(`nodes-${suffix}`, byNode)));
    const nodes = await eventually(
      () => ruleOf(`nodes-${suffix}`),
      (view) => (view?.alarms.length ?? 0) > 0,
      90_000,
    );
    expect(nodes?.author).toBe(noraName);
    for (const fired of nodes?.alarms ?? []) {
      expect(fired.labels.node).toBeDefined();
      expect(fired.labels.namespace).toBeUndefined();
    }
    const pods = await eventually(
      () => ruleOf(`pods-${suffix}`),
      (view) => readyOf(view)?.reason === 'Evaluated',
      60_000,
    );
    expect(pods?.alarms).toEqual([]);
    expect(readyOf(pods)?.message).toBe('0 alarm(s) firing');
  }, 180_000);

  it('is not evaluated once its author is gone, and says so', async () => {
    const gone = await gitOpsUser(goneName, org, [{ cluster, role: nodesRole, effect: 'Allow' }]);
    expectOk(await alarm(gone, 'POST', '/rules', rule(`gone-rule-${suffix}`, 'kube_node_info')));
    removeGitOpsUser(goneName);
    const view = await eventually(
      () => ruleOf(`gone-rule-${suffix}`),
      (found) => readyOf(found)?.reason === 'AuthorNotFound',
      90_000,
    );
    expect(readyOf(view)?.message).toContain(`author ${goneName} no longer exists`);
    expect(view?.alarms).toEqual([]);
  }, 120_000);
});
