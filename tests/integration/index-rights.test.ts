// The index obeys the member's rights, against the test bed: a user whose only role lists nodes
// (the member says yes to `list nodes`, no to `list configmaps`) finds member-a's nodes through
// /crd.{host}, but no ConfigMap, not even its data, through lists, search, label counts or
// favourites; the index itself keeps no ConfigMap values, for anyone. And kind by kind, the
// index answers what member-a's own authorizer answers (SubjectAccessReview, `kubectl auth
// can-i`) for the same user, also for one holding two roles through two groups, one denying a
// permission the other allows: so the catalogue's mapping is checked against a real API server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedKinds } from '../../operator/src/index/kinds.js';
import { memberUserName } from '../../operator/src/member/principal.js';
import { parseCsvRows } from '../../operator/src/audit/export-format.js';
import { api, apiText } from '../support/api.js';
import { eventuallyPasses } from '../support/eventually.js';
import { followChanges, type Notice } from '../support/changes.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  gitOpsUser,
  memberAllows,
  onMember,
  region,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `ir${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const role = `nodes-only-${suffix}`;
const listerName = `lister-${suffix}`;
const mixedName = `mixed-${suffix}`;
const wide = `wide-${suffix}`;
const narrowing = `narrowing-${suffix}`;
const configMap = `cm-${suffix}`;
const secretValue = `hunter2${suffix}`;
const probeLabel = `probe-${suffix}`;

let root: Session;
let lister: Session;
let mixed: Session;

interface Listed {
  items: Array<{ cluster: string; metadata: { name: string }; data?: Record<string, string> }>;
}
interface SearchGroup {
  providerTopology: { cluster: string };
  resources: Array<{ type: string; samples: Array<{ labels: { name: string } }> }>;
}
interface LabelSummary {
  key: string;
  values: Array<{ value: string; count: number }>;
}

const crd = <T>(session: Session, path: string) =>
  api<T>('GET', 'crd', path, { token: session.token });
const listOf = async (session: Session, kind: string, query = '') =>
  expectOk(await crd<Listed>(session, `/${kind}?cluster=${cluster}&pageSize=500${query}`)).items;
/** A kind's CSV export, its rows after the header. */
const exportOf = async (session: Session, kind: string, query = '') => {
  const answer = await apiText('GET', 'crd', `/${kind}/export?cluster=${cluster}${query}`, {
    token: session.token,
  });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(answer.headers.get('content-disposition')).toMatch(
    new RegExp(`^attachment; filename="nimbus-${kind}-[0-9TZ-]+\\.csv"$`),
  );
  const [header, ...rows] = parseCsvRows(answer.text);
  expect(header?.[1]).toBe('name');
  return rows;
};
const searchOf = async (session: Session, keyword: string) =>
  expectOk(await crd<SearchGroup[]>(session, `/search?keyword=${encodeURIComponent(keyword)}`));
const labelsOf = async (session: Session, query: string) =>
  expectOk(await crd<{ items: LabelSummary[] }>(session, `/labels?cluster=${cluster}${query}`))
    .items;

beforeAll(async () => {
  onMember('member-a', [
    'create',
    'configmap',
    configMap,
    '-n',
    'demo',
    `--from-literal=password=${secretValue}`,
  ]);
  onMember('member-a', ['label', 'configmap', configMap, '-n', 'demo', `${probeLabel}=yes`]);
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'index-rights',
      contact: 'Ops',
      email: 'ops@index-rights.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a');
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'Role',
      metadata: { name: role },
      spec: { organization: org, permissions: [{ name: 'node:list', effect: 'Allow' }] },
    },
  ]);
  lister = await gitOpsUser(listerName, org, [{ cluster, role, effect: 'Allow' }]);
  // Two roles through two groups: `wide` lists workloads, config maps and secrets; `narrowing`
  // denies the secrets and the config maps and adds services. Deny wins, in the member too.
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'Role',
      metadata: { name: wide },
      spec: {
        organization: org,
        permissions: ['application:list', 'configmap:list', 'secret:list', 'node:list'].map(
          (name) => ({ name, effect: 'Allow' }),
        ),
      },
    },
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'Role',
      metadata: { name: narrowing },
      spec: {
        organization: org,
        permissions: [
          { name: 'secret:list', effect: 'Deny' },
          { name: 'configmap:list', effect: 'Deny' },
          { name: 'service:list', effect: 'Allow' },
        ],
      },
    },
  ]);
  // An own binding beside the groups: groups come first, so it must not count.
  mixed = await gitOpsUser(mixedName, org, [{ cluster, role: 'owner', effect: 'Allow' }]);
  hubApply(
    [wide, narrowing].map((groupRole) => ({
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'UserGroup',
      metadata: { name: `${groupRole}-group` },
      spec: {
        organization: org,
        members: [mixedName],
        clusterPermissions: [{ cluster, role: groupRole, effect: 'Allow' }],
      },
    })),
  );
  expect(await memberAllows('member-a', mixedName, 'list', 'services')).toBe('yes');
  expect(await memberAllows('member-a', mixedName, 'list', 'secrets', 'no')).toBe('no');
  // The member's own verdict for the user the console impersonates.
  expect(await memberAllows('member-a', listerName, 'list', 'nodes')).toBe('yes');
  expect(await memberAllows('member-a', listerName, 'list', 'configmaps', 'no')).toBe('no');
  // Indexed: the system admin sees the ConfigMap before the lister is asked.
  const indexed = await eventually(
    () => listOf(root, 'configmaps', `&name=${configMap}`).catch(() => []),
    (items) => items.length === 1,
    45_000,
  );
  expect(indexed).toHaveLength(1);
}, 120_000);

afterAll(async () => {
  await unregisterMember(root, cluster, org);
  onMember('member-a', ['delete', 'configmap', configMap, '-n', 'demo', '--ignore-not-found']);
  removeGitOpsUser(listerName);
  removeGitOpsUser(mixedName);
  hub([
    'delete',
    'usergroups.nimbus.io',
    `${wide}-group`,
    `${narrowing}-group`,
    '--ignore-not-found',
    '--wait=false',
  ]);
  hub(['delete', 'roles.nimbus.io', role, wide, narrowing, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('index lists, search and labels follow the member rights', () => {
  it('lists the nodes a "list nodes" role allows and no ConfigMap', async () => {
    expect((await listOf(lister, 'nodes')).length).toBeGreaterThan(0);
    for (const kind of ['configmaps', 'pods', 'secrets', 'deployments', 'namespaces']) {
      expect(await listOf(lister, kind), kind).toEqual([]);
    }
  });

  it('exports the nodes and no ConfigMap; the root gets the ConfigMap, no value', async () => {
    // Files in the other integration lane add and delete kwok nodes in member-a: compare two
    // reads that no such change came between.
    await eventuallyPasses(async () => {
      const nodes = await exportOf(lister, 'nodes');
      expect(nodes.map((row) => row[1]).sort()).toEqual(
        (await listOf(lister, 'nodes')).map((node) => node.metadata.name).sort(),
      );
    }, 20_000);
    expect(await exportOf(lister, 'configmaps')).toEqual([]);
    const asRoot = await exportOf(root, 'configmaps', `&name=${configMap}`);
    expect(asRoot.map((row) => [row[0], row[1], row[2], row[3]])).toEqual([
      ['ConfigMap', configMap, 'demo', cluster],
    ]);
    expect(asRoot[0]?.[7]).toBe(`${probeLabel}=yes`);
    expect(JSON.stringify(asRoot)).not.toContain(secretValue);
  });

  it('finds no ConfigMap through search, by name or by value', async () => {
    const byName = await searchOf(lister, configMap);
    expect(byName.flatMap((group) => group.resources)).toEqual([]);
    expect(await searchOf(lister, secretValue)).toEqual([]);
    const nodes = await searchOf(lister, 'member-a-node');
    const types = nodes.flatMap((group) => group.resources.map((resource) => resource.type));
    expect(types).toEqual(['nodes']);
  });

  it('counts no ConfigMap labels', async () => {
    expect(await labelsOf(lister, '&kind=configmaps')).toEqual([]);
    const everything = await labelsOf(lister, '');
    expect(everything.map((label) => label.key)).not.toContain(probeLabel);
    expect(everything.length).toBeGreaterThan(0);
    const asRoot = await labelsOf(root, '&kind=configmaps');
    expect(asRoot.map((label) => label.key)).toContain(probeLabel);
  });

  it('refuses to collect a ConfigMap the user may not list, and keeps the node one', async () => {
    const collections = `/users/${lister.userId}/collections`;
    const place = { vendor: 'ProviderKubeconfig', region, cluster };
    const configMapTarget = { type: 'ConfigMap', name: configMap, namespace: 'demo', ...place };
    const refused = await api('POST', 'manage', collections, {
      token: lister.token,
      body: configMapTarget,
    });
    expect(refused.body.code).toBe(9997);
    const nodeTarget = { type: 'Node', name: 'member-a-node-0', ...place };
    expectOk(await api('POST', 'manage', collections, { token: lister.token, body: nodeTarget }));
    const listed = expectOk(
      await api<{ items: Array<{ type: string }> }>('GET', 'manage', collections, {
        token: lister.token,
      }),
    );
    expect(listed.items.map((favourite) => favourite.type)).toEqual(['Node']);
  });

  it('keeps no ConfigMap value in the index, even for a system admin', async () => {
    const [item] = await listOf(root, 'configmaps', `&name=${configMap}`);
    expect(item?.data).toEqual({ password: '' });
    expect(await searchOf(root, secretValue)).toEqual([]);
  });
});

describe('the change stream follows the member rights', () => {
  it("tells the lister of a node's change and never of a ConfigMap's; the root of both", async () => {
    const node = onMember('member-a', [
      'get',
      'nodes',
      '-o',
      'jsonpath={.items[0].metadata.name}',
    ]).stdout.trim();
    expect(node).not.toBe('');
    const asked = `kind=nodes&kind=configmaps&cluster=${cluster}`;
    const listerHears = await followChanges(lister.token, asked);
    const rootHears = await followChanges(root.token, asked);
    const nodeMark = `nimbus-live-${suffix}`;
    const isNode = (n: Notice) => n.kind === 'nodes' && n.name === node && n.type === 'upsert';
    try {
      onMember('member-a', ['label', 'configmap', configMap, '-n', 'demo', `${nodeMark}=1`]);
      const heardByRoot = await rootHears.until(
        (n) => n.kind === 'configmaps' && n.name === configMap,
      );
      expect(heardByRoot.at(-1)).toEqual({
        cluster,
        kind: 'configmaps',
        namespace: 'demo',
        name: configMap,
        type: 'upsert',
      });
      // Told after the ConfigMap's notice went through the feed: had the lister been told of
      // it, it would come before this one.
      onMember('member-a', ['label', 'node', node, `${nodeMark}=1`, '--overwrite']);
      const heard = await listerHears.until(isNode);
      expect(heard.filter((n) => n.kind === 'configmaps')).toEqual([]);
    } finally {
      onMember('member-a', ['label', 'node', node, `${nodeMark}-`]);
      await listerHears.close();
      await rootHears.close();
    }
  });

  it('refuses to follow a kind the index does not hold', async () => {
    const answer = await crd(lister, `/changes?kind=widgets&cluster=${cluster}`);
    expect(answer.body.code).toBe(1000);
  });
});

describe("the index answers as the member's own authorizer does", () => {
  /** `kubectl auth can-i list` as the impersonated user: a SubjectAccessReview in member-a. */
  const memberSays = (user: string, group: string, plural: string): boolean =>
    onMember('member-a', [
      'auth',
      'can-i',
      'list',
      group === '' ? plural : `${plural}.${group}`,
      '--as',
      memberUserName(user),
    ]).stdout.trim() === 'yes';

  it.each([
    ['the one-role lister', () => lister],
    ['the two-group user with a denying role and an own binding', () => mixed],
  ])('%s: kind by kind', async (_who, caller) => {
    const session = caller();
    const compared: string[] = [];
    for (const kind of indexedKinds) {
      // Only kinds member-a holds objects of can show the difference.
      if ((await listOf(root, kind.name)).length === 0) continue;
      const indexShows = (await listOf(session, kind.name)).length > 0;
      expect(indexShows, kind.name).toBe(memberSays(session.userName, kind.group, kind.plural));
      compared.push(kind.name);
    }
    expect(compared).toEqual(expect.arrayContaining(['nodes', 'pods', 'configmaps', 'services']));
  });

  it('and the two-group user sees what the roles allow, minus what one of them denies', async () => {
    expect((await listOf(mixed, 'services')).length).toBeGreaterThan(0);
    expect((await listOf(mixed, 'pods')).length).toBeGreaterThan(0);
    expect(await listOf(mixed, 'configmaps')).toEqual([]);
    expect(await listOf(mixed, 'secrets')).toEqual([]);
    expect(memberSays(mixedName, '', 'configmaps')).toBe(false);
  });
});
