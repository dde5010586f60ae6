// Issue 25, items 7 and 8, against the test bed. Roles run real charts: the chart `helm create`
// writes installs through the app store as an owner; NetworkPolicy, Role, RoleBinding and
// ServiceAccount import for a system administrator and an owner; an owner who binds rights she
// lacks is refused by the member's own escalation check. Refusals say why: a viewer (and a role
// without service accounts) gets the member's reason as the refused call, and "Why?" about
// exactly that call answers refused, with the rule that is missing, never allowed.
import type {
  AccessExplanation,
  ImportResult,
  MemberRefusal,
  RefusalData,
  ReleaseOperation,
} from '@nimbus/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { applyChartSource, pushStockChart, untilChartSourceSeen } from '../support/charts.js';
import type { Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  atCluster,
  gitOpsUser,
  memberAllows,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `mr${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const ns = `mr-${suffix}`;
const prefix = `charts-${suffix}`;
const source = `src-${suffix}`;
const chart = 'starter';
const ownerName = `owner-${suffix}`;
const viewerName = `viewer-${suffix}`;
const builderName = `builder-${suffix}`;
/** A role of the organization with every permission but service accounts. */
const builderRole = `no-sa-${suffix}`;

let root: Session;
let owner: Session;
let viewer: Session;
let builder: Session;

const kubectl = (args: string[]) => onMember('member-a', args);
const exists = (kind: string, name: string) =>
  kubectl(['get', kind, name, '-n', ns, '-o', 'name']).status === 0;

const install = (session: Session, release: string) =>
  atCluster<ReleaseOperation>(session, 'appstore', 'POST', cluster, `/namespaces/${ns}/releases`, {
    body: { release, source, chart, version: '0.1.0', values: '' },
  });
const importAs = (session: Session, documents: unknown[]) =>
  atCluster<ImportResult>(session, 'k8s', 'POST', cluster, `/namespaces/${ns}/imports`, {
    body: { dryRun: false, documents },
  });
const refusalOf = (data: unknown): MemberRefusal | undefined => (data as RefusalData).refusal;

/** "Why?" as the console asks it after a refusal: the signed-in user about exactly that call. */
async function why(session: Session, refusal: MemberRefusal): Promise<AccessExplanation> {
  const { cause, reason: _reason, ...call } = refusal;
  const asked = Object.entries({ ...call, refused: cause }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const query = new URLSearchParams(asked);
  return expectOk(
    await api<AccessExplanation>(
      'GET',
      'manage',
      `/users/${session.userName}/explain?${query.toString()}`,
      { token: session.token },
    ),
  );
}

const serviceAccount = (name: string) => ({
  apiVersion: 'v1',
  kind: 'ServiceAccount',
  metadata: { name },
});
const networkPolicy = (name: string) => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'NetworkPolicy',
  metadata: { name },
  spec: { podSelector: { matchLabels: { app: name } }, policyTypes: ['Ingress'] },
});
const role = (name: string, rules: object[]) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'Role',
  metadata: { name },
  rules,
});
const roleBinding = (name: string, roleRef: { kind: string; name: string }, user: string) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'RoleBinding',
  metadata: { name },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', ...roleRef },
  subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: user }],
});

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'refusals',
      contact: 'Ops',
      email: 'ops@refusals.example',
    }),
  );
  kubectl(['create', 'namespace', ns]);
  await registerMember(root, cluster, org, 'member-a', { monitors: false });
  const everyPermission = expectOk(
    await api<{ items: Array<{ name: string }> }>('GET', 'iam', '/permissions', {
      token: root.token,
    }),
  ).items.map((p) => p.name);
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'Role',
      metadata: { name: builderRole },
      spec: {
        organization: org,
        permissions: everyPermission
          .filter((name) => !name.startsWith('serviceaccount:'))
          .map((name) => ({ name, effect: 'Allow' })),
      },
    },
  ]);
  owner = await gitOpsUser(ownerName, org, [{ cluster, role: 'owner', effect: 'Allow' }]);
  viewer = await gitOpsUser(viewerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  builder = await gitOpsUser(builderName, org, [{ cluster, role: builderRole, effect: 'Allow' }]);
  // The projection has reached the member for each of them.
  expect(await memberAllows('member-a', ownerName, 'create', 'serviceaccounts')).toBe('yes');
  expect(await memberAllows('member-a', viewerName, 'list', 'serviceaccounts')).toBe('yes');
  expect(await memberAllows('member-a', builderName, 'create', 'secrets')).toBe('yes');
  pushStockChart(prefix, chart);
  applyChartSource(source, org, prefix);
  await untilChartSourceSeen(root, org, source);
}, 180_000);

afterAll(async () => {
  kubectl(['delete', 'namespace', ns, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'chartsources.nimbus.io', source, '--ignore-not-found']);
  await unregisterMember(root, cluster, org);
  for (const name of [ownerName, viewerName, builderName]) removeGitOpsUser(name);
  hub(['delete', 'roles.nimbus.io', builderRole, '--ignore-not-found']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('roles that run real charts', () => {
  it("installs `helm create`'s stock chart through the app store as an owner", async () => {
    const done = expectOk(await install(owner, 'shop'));
    expect(done).toMatchObject({ release: 'shop', revision: 1, status: 'deployed' });
    expect(exists('serviceaccount', `shop-${chart}`)).toBe(true);
    expect(exists('service', `shop-${chart}`)).toBe(true);
    expect(exists('deployment', `shop-${chart}`)).toBe(true);
  });

  it('imports NetworkPolicy, Role, RoleBinding and ServiceAccount as the system administrator and as an owner', async () => {
    for (const [who, session] of [
      ['root', root],
      ['owner', owner],
    ] as const) {
      const name = `imported-by-${who}`;
      const result = expectOk(
        await importAs(session, [
          serviceAccount(name),
          networkPolicy(name),
          role(name, [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }]),
          roleBinding(name, { kind: 'Role', name }, `system:serviceaccount:${ns}:${name}`),
        ]),
      );
      expect(result.items.map((i) => [i.kind, i.outcome, i.message])).toEqual([
        ['ServiceAccount', 'created', undefined],
        ['NetworkPolicy', 'created', undefined],
        ['Role', 'created', undefined],
        ['RoleBinding', 'created', undefined],
      ]);
      for (const kind of ['serviceaccount', 'networkpolicy', 'role', 'rolebinding']) {
        expect(exists(kind, name)).toBe(true);
      }
    }
  });

  it('lets an owner grant only rights she holds: the member refuses the rest with its reason', async () => {
    const result = expectOk(
      await importAs(owner, [
        roleBinding('grab-admin', { kind: 'ClusterRole', name: 'cluster-admin' }, 'someone'),
        role('port-forward', [
          { apiGroups: [''], resources: ['pods/portforward'], verbs: ['create'] },
        ]),
      ]),
    );
    expect(result.items.map((i) => i.outcome)).toEqual(['failed', 'failed']);
    const [binding, forward] = result.items.map((i) => i.refusal);
    expect(binding).toMatchObject({
      cluster,
      cause: 'escalation',
      group: 'rbac.authorization.k8s.io',
      resource: 'rolebindings',
      namespace: ns,
      name: 'grab-admin',
    });
    expect(binding?.reason).toContain('not currently held');
    expect(result.items[0]?.message).toContain('it grants rights you do not hold');
    expect(forward).toMatchObject({ cause: 'escalation', resource: 'roles', name: 'port-forward' });
    expect(exists('rolebinding', 'grab-admin')).toBe(false);
    expect(exists('role', 'port-forward')).toBe(false);
    // The member's RBAC lets her write role bindings, yet this one was refused: never "allowed".
    if (!binding) throw new Error('no refusal');
    const answer = await why(owner, binding);
    expect(answer.allowed).toBe(false);
    expect(answer.call).toMatchObject({ outcome: 'refused', finding: 'escalation' });
  });
});

describe('refusals that say why', () => {
  it("gives a viewer's YAML import of a ServiceAccount the member's reason, and explains it", async () => {
    const result = expectOk(await importAs(viewer, [serviceAccount('by-viewer')]));
    const [item] = result.items;
    expect(item?.outcome).toBe('failed');
    expect(item?.message).toBe(`cannot patch serviceaccounts in namespace ${ns}`);
    expect(item?.refusal).toEqual({
      cluster,
      cause: 'rbac',
      verb: 'patch',
      group: '',
      resource: 'serviceaccounts',
      namespace: ns,
      name: 'by-viewer',
      reason: expect.stringContaining(`nimbus:${viewerName}`) as string,
    });
    expect(exists('serviceaccount', 'by-viewer')).toBe(false);

    if (!item?.refusal) throw new Error('no refusal');
    const answer = await why(viewer, item.refusal);
    expect(answer.allowed).toBe(false);
    expect(answer.member).toMatchObject({ status: 'answered', allowed: false });
    expect(answer.call).toMatchObject({
      refused: true,
      outcome: 'refused',
      finding: 'not-granted',
      permissions: ['serviceaccount:update'],
      missing: {
        apiGroups: [''],
        resources: ['serviceaccounts'],
        verbs: ['patch'],
        namespace: ns,
      },
    });
    // What the member's RBAC does give her there: read-only may list service accounts.
    expect(answer.call?.held).toEqual(['get', 'list', 'watch']);
  });

  it("gives a viewer's app store install the member's reason (9997), and explains it", async () => {
    const refused = await install(viewer, 'by-viewer');
    expect(refused.body.code).toBe(9997);
    const refusal = refusalOf(refused.body.data);
    // Helm tolerates the refused read of its release history and stops where it stores the
    // release, a Secret a viewer may not create.
    expect(refusal).toMatchObject({
      cluster,
      cause: 'rbac',
      verb: 'create',
      group: '',
      resource: 'secrets',
      namespace: ns,
    });
    expect(refused.body.message).toBe(`cannot create secrets in namespace ${ns}`);
    if (!refusal) throw new Error('no refusal');
    const answer = await why(viewer, refusal);
    expect(answer.call).toMatchObject({
      outcome: 'refused',
      finding: 'not-granted',
      missing: { resources: ['secrets'], verbs: ['create'], namespace: ns },
    });
  });

  it('names the service accounts a role without them cannot get when it installs a chart', async () => {
    const refused = await install(builder, 'by-builder');
    expect(refused.body.code).toBe(9997);
    expect(refused.body.message).toBe(`cannot get serviceaccounts in namespace ${ns}`);
    const refusal = refusalOf(refused.body.data);
    expect(refusal).toMatchObject({
      cause: 'rbac',
      verb: 'get',
      resource: 'serviceaccounts',
      namespace: ns,
      name: `by-builder-${chart}`,
    });
    if (!refusal) throw new Error('no refusal');
    const answer = await why(builder, refusal);
    expect(answer.permission).toBe('serviceaccount:list');
    expect(answer.allowedByRoles).toBe(false);
    expect(answer.call).toMatchObject({
      outcome: 'refused',
      finding: 'not-granted',
      held: [],
      missing: { resources: ['serviceaccounts'], verbs: ['get'], namespace: ns },
    });
  });
});
