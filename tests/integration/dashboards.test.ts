// Custom dashboards on the real hub: CRUD through the API and kubectl, the organization boundary
// (API refusal and the controller's conditions for kubectl writes), and a panel's query answered
// with real series by member-a's Prometheus through the metrics proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import {
  conditionsOf,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  hubJson,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  locationOf,
  memberLetsReadPrometheus,
  registerMember,
  unregisterMember,
} from '../support/members.js';

const suffix = `dash${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const other = `other-${suffix}`;
const cluster = `member-a-${suffix}`;
const foreignCluster = `member-b-${suffix}`;
const category = `infra-${suffix}`;
const dashboard = `nodes-${suffix}`;
const gitopsDashboard = `gitops-${suffix}`;

let root: Session;
let orgUid = '';

interface DashboardView {
  name: string;
  cluster: string;
  location?: { vendor: string; region: string; cluster: string };
  panels: Array<{ name: string; title: string; query: string }>;
}
interface Series {
  metric: string;
  labels: Record<string, string>;
  points: Array<[number, number | null]>;
}

const call = <T>(method: string, path: string, body?: unknown) =>
  api<T>(method, 'monitor', path, { token: root.token, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  for (const name of [org, other]) {
    expectOk(
      await root.call('POST', '/organizations', {
        name,
        cnName: name,
        contact: 'Ops',
        email: 'ops@dashboards.example',
      }),
    );
  }
  orgUid = hubJson<{ metadata: { uid: string } }>(['get', 'organizations.nimbus.io', org]).metadata
    .uid;
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  await registerMember(root, foreignCluster, other, 'member-b', { monitors: false });
  // The panel's query reads member-a's Prometheus through its service proxy as root: the member
  // refuses it until root's projected RBAC has reached it.
  await memberLetsReadPrometheus('member-a', root.userName);
}, 120_000);

afterAll(async () => {
  hub(['delete', 'dashboards.nimbus.io', dashboard, gitopsDashboard, '--ignore-not-found']);
  hub(['delete', 'dashboardcategories.nimbus.io', category, '--ignore-not-found']);
  await unregisterMember(root, cluster, org);
  await unregisterMember(root, foreignCluster, other);
  for (const name of [org, other]) {
    hub(['delete', 'organizations.nimbus.io', name, '--ignore-not-found', '--wait=false']);
  }
  removeGitOpsSystemAdmin(suffix);
});

describe('custom dashboards', () => {
  it('creates a category and a dashboard through the API, stored as hub resources', async () => {
    expectOk(await call('POST', '/dashboard-categories', { organizationId: org, name: category }));
    const created = expectOk(
      await call<DashboardView>('POST', '/dashboards', {
        organizationId: org,
        name: dashboard,
        category,
        cluster,
      }),
    );
    expect(created.location).toEqual({ vendor: 'ProviderKubeconfig', region: 'local', cluster });
    const stored = hubJson<{ spec: { organization: string; cluster: string } }>([
      'get',
      'dashboards.nimbus.io',
      dashboard,
    ]);
    expect(stored.spec).toMatchObject({ organization: org, cluster });
    const ready = await conditionsOf(
      'dashboards.nimbus.io',
      dashboard,
      (c) => c.Ready?.status === 'True',
    );
    expect(ready.Valid?.status).toBe('True');
  });

  it("refuses a dashboard naming another organization's cluster", async () => {
    const { body } = await call('POST', '/dashboards', {
      organizationId: org,
      name: `foreign-${suffix}`,
      category,
      cluster: foreignCluster,
    });
    expect(body).toMatchObject({
      code: 1000,
      message: `cluster: cluster ${foreignCluster} is not in organization ${org}`,
    });
    expect(hub(['get', 'dashboards.nimbus.io', `foreign-${suffix}`]).status).not.toBe(0);
  });

  it('reports a kubectl-written dashboard naming a foreign cluster in its conditions', async () => {
    hubApply([
      {
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'Dashboard',
        metadata: { name: gitopsDashboard },
        spec: { organization: org, category, cluster: foreignCluster, panels: [] },
      },
    ]);
    const conditions = await conditionsOf(
      'dashboards.nimbus.io',
      gitopsDashboard,
      (c) => c.Valid?.status === 'False',
    );
    expect(conditions.Valid?.reason).toBe('ClusterOutsideOrganization');
    const view = expectOk(
      await call<DashboardView>('GET', `/organizations/${orgUid}/dashboards/${gitopsDashboard}`),
    );
    expect(view.location).toBeUndefined();
  });

  it("adds a panel whose query returns real series from the cluster's Prometheus", async () => {
    const panel = { title: 'Targets up', query: 'sum by (job) (up)', legendFormat: '{{job}}' };
    const saved = expectOk(
      await call<DashboardView>(
        'POST',
        `/organizations/${orgUid}/dashboards/${dashboard}/panels`,
        panel,
      ),
    );
    const [stored] = saved.panels;
    expect(stored).toMatchObject(panel);
    const series = await eventually(
      async () =>
        expectOk(
          await api<{ series: Series[] }>(
            'GET',
            'monitor',
            `${locationOf(cluster)}/proxy/metrics?range=15m&query=${encodeURIComponent(panel.query)}`,
            { token: root.token },
          ),
        ).series,
      (found) => found.some((s) => s.points.some(([, value]) => value !== null && value > 0)),
    );
    expect(series.map((s) => s.labels.job)).toContain('prometheus');
  });
});
