// Permissions only the operator can enforce (docs/access.md "Permissions the operator enforces"),
// on the real test bed: for each of cost:view, monitoring:view, cluster:view, registry:list and
// appstore:list, a user whose role lacks it is refused with 9997 naming it, and a user whose
// role (the built-in read-only) holds it is served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { ApiResponse } from '../support/api.js';
import { applyChartSource, untilChartSourceSeen } from '../support/charts.js';
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
import { secureRegistry } from '../support/registries.js';

const suffix = `perm${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const bareRole = `bare-${suffix}`;
const lackingName = `lacks-${suffix}`;
const holdingName = `holds-${suffix}`;
const registry = `reg-${suffix}`;
const source = `charts-${suffix}`;

let root: Session;
let lacking: Session;
let holding: Session;
let registryId = '';

const today = () => new Date().toISOString().slice(0, 10);

/** A refusal naming the permission, and where it is missing. */
function expectRefused(response: ApiResponse, permission: string, where: string): void {
  expect(response.body).toMatchObject({
    code: 9997,
    message: `missing permission ${permission} ${where}`,
    data: { missingPermission: permission },
  });
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'permissions',
      contact: 'Ops',
      email: 'ops@permissions.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a');
  // Lists applications and nodes in the member, and nothing only the operator checks.
  gitOpsRole(bareRole, org, ['application:list', 'node:list']);
  lacking = await gitOpsUser(lackingName, org, [{ cluster, role: bareRole, effect: 'Allow' }]);
  holding = await gitOpsUser(holdingName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  // read-only holds monitoring:view, projected into member-a a moment after the bindings.
  await memberLetsReadPrometheus('member-a', holdingName);
  const created = await api<{ uuid: string }>('POST', 'manage', '/registries', {
    token: root.token,
    body: {
      name: registry,
      organizationId: org,
      kind: 'Distribution',
      host: secureRegistry.host,
      credentials: {
        username: secureRegistry.username,
        password: secureRegistry.password,
        caCertificate: secureRegistry.caCertificate,
      },
    },
  });
  registryId = expectOk(created).uuid;
  applyChartSource(source, org, `nothing-${suffix}`);
  await untilChartSourceSeen(root, org, source);
}, 120_000);

afterAll(async () => {
  hub(['delete', 'chartsources.nimbus.io', source, '--ignore-not-found']);
  hub(['delete', 'registries.nimbus.io', registry, '--ignore-not-found']);
  if (root) await unregisterMember(root, cluster, org);
  for (const user of [lackingName, holdingName]) removeGitOpsUser(user);
  hub(['delete', 'roles.nimbus.io', bareRole, '--ignore-not-found']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
}, 60_000);

describe('cost:view', () => {
  const allocation = (session: Session, query: Record<string, string> = {}) =>
    api(
      'GET',
      'cost',
      `/allocation?${new URLSearchParams({ from: today(), to: today(), ...query })}`,
      {
        token: session.token,
      },
    );

  it('refuses per-workload cost without it and serves it with it', async () => {
    const onCluster = { aggregate: 'workload', cluster };
    // Held on none of the caller's clusters: the gate refuses before the cluster is named.
    expectRefused(await allocation(lacking, onCluster), 'cost:view', 'on any of your clusters');
    expectRefused(await allocation(lacking), 'cost:view', 'on any of your clusters');
    expect((await allocation(holding, onCluster)).body.code).toBe(0);
  });
});

describe('monitoring:view', () => {
  const metrics = (session: Session, path: string) =>
    api('GET', 'monitor', `${locationOf(cluster)}${path}`, { token: session.token });

  it('refuses the metrics of the cluster without it and serves them with it', async () => {
    for (const path of [
      '/proxy/metrics?query=up',
      '/clusters/metrics',
      '/value/metrics?label=job',
    ]) {
      expectRefused(await metrics(lacking, path), 'monitoring:view', `on cluster ${cluster}`);
    }
    expect((await metrics(holding, '/proxy/metrics?query=up')).body.code).toBe(0);
    const search = await api('GET', 'monitor', '/search/web/metrics', { token: lacking.token });
    expectRefused(search, 'monitoring:view', 'on any of your clusters');
  });
});

describe('cluster:view', () => {
  it('refuses the cluster overview without it and serves it with it', async () => {
    const overview = (session: Session) =>
      api('GET', 'crd', locationOf(cluster), { token: session.token });
    expectRefused(await overview(lacking), 'cluster:view', `on cluster ${cluster}`);
    expect(expectOk(await overview(holding))).toMatchObject({ name: cluster });
  });
});

describe('registry:list', () => {
  const manage = (session: Session, path: string) =>
    api('GET', 'manage', path, { token: session.token });

  it('refuses browsing a registry with its stored login without it, and serves it with it', async () => {
    const paths = [
      `/registries/${registryId}/repositories`,
      `/registries/${registryId}/repositories/${encodeURIComponent('library/hello')}`,
      `/organizations/${org}/registries`,
      `/providers/${cluster}/registries`,
    ];
    for (const path of paths) {
      expectRefused(await manage(lacking, path), 'registry:list', `in organization ${org}`);
    }
    const repositories = expectOk(await manage(holding, paths[0] ?? '')) as {
      items: Array<{ repositoryName: string }>;
    };
    expect(repositories.items.map((r) => r.repositoryName)).toContain('library/hello');
  });
});

describe('appstore:list', () => {
  const appstore = (session: Session, path: string) =>
    api('GET', 'appstore', path, { token: session.token });

  it('refuses listing and reading charts without it, and lists them with it', async () => {
    expectRefused(await appstore(lacking, '/charts'), 'appstore:list', `in organization ${org}`);
    const detail = `/sources/${source}/versions/0.1.0?name=web`;
    expectRefused(await appstore(lacking, detail), 'appstore:list', `in organization ${org}`);
    const listed = expectOk(await appstore(holding, '/charts')) as { items: unknown[] };
    expect(Array.isArray(listed.items)).toBe(true);
  });
});
