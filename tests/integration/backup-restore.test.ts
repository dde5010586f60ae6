// docs/backup.md with plain kubectl, end to end on the test bed: an organization's objects (the
// Organization, a registered member, two users bound to it, a favourite) exported with
// hack/nimbus-backup.sh, deleted from the hub (the operator's finalizers clean the member's
// RBAC), restored, and the operator converges: the member's RBAC grants what it granted before,
// under the new Cluster's uid; the users sign in with their passwords; the favourite is back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberUserName } from '../../operator/src/member/principal.js';
import { api } from '../support/api.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubJson,
  namespace,
  removeGitOpsSystemAdmin,
  signIn,
} from '../support/iam.js';
import {
  clusterUid,
  gitOpsUser,
  memberAllows,
  onMember,
  region,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `bak${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const developer = `dev-${suffix}`;
const reader = `read-${suffix}`;
const selector = `nimbus.io/backup-test=${suffix}`;
const script = fileURLToPath(new URL('../../hack/nimbus-backup.sh', import.meta.url));
const backup = mkdtempSync(join(tmpdir(), 'nimbus-backup-'));

let root: Session;

/** What the member grants through Nimbus's projection, by subject: uid-free, comparable. */
function grantsOnMember(): Record<string, string[]> {
  const uid = clusterUid(cluster);
  const list = <T>(kind: string): T[] =>
    (
      JSON.parse(
        onMember('member-a', ['get', kind, '-l', `nimbus.io/cluster-uid=${uid}`, '-o', 'json'])
          .stdout,
      ) as { items: T[] }
    ).items;
  type Role = { metadata: { name: string }; rules?: unknown[] };
  type Binding = { roleRef: { name: string }; subjects?: { name: string }[] };
  const roles = new Map(list<Role>('clusterroles').map((r) => [r.metadata.name, r.rules ?? []]));
  const grants: Record<string, string[]> = {};
  for (const binding of list<Binding>('clusterrolebindings')) {
    const rules = JSON.stringify(roles.get(binding.roleRef.name) ?? []);
    for (const subject of binding.subjects ?? []) {
      (grants[subject.name] ??= []).push(rules);
    }
  }
  for (const subject of Object.keys(grants)) grants[subject]?.sort();
  return grants;
}

const backupScript = (args: string[]) =>
  execFileSync(script, args, {
    encoding: 'utf8',
    env: {
      ...process.env,
      KUBECTL: join(testEnv.testbedBin, 'kubectl'),
      KUBECONFIG: testEnv.hubKubeconfig,
      NIMBUS_NAMESPACE: namespace,
    },
  });

/** The Cluster's conditions by type, as they are now (conditionsOf waits for a Valid condition too,
 * which a Cluster does not have). */
const clusterConditions = (): Record<string, { status: string } | undefined> =>
  Object.fromEntries(
    (
      hubJson<{ status?: { conditions?: { type: string; status: string }[] } }>([
        'get',
        'clusters.nimbus.io',
        cluster,
      ]).status?.conditions ?? []
    ).map((condition) => [condition.type, condition]),
  );

const ours = (kind: string) =>
  hubJson<{ items: { metadata: { name: string; uid: string } }[] }>(['get', kind, '-l', selector])
    .items;

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'backup',
      contact: 'Ops',
      email: 'ops@backup.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a', { monitors: false });
  await gitOpsUser(developer, org, [{ cluster, role: 'developer', effect: 'Allow' }]);
  await gitOpsUser(reader, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
}, 120_000);

afterAll(async () => {
  await unregisterMember(root, cluster, org);
  for (const user of [developer, reader]) removeGitOpsUser(user);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('backup and restore with plain kubectl (docs/backup.md)', () => {
  let before: Record<string, string[]> = {};
  let uidBefore = '';

  it('exports the organization’s objects and the Secrets they own', async () => {
    expect(await memberAllows('member-a', developer, 'create', 'deployments')).toBe('yes');
    expect(await memberAllows('member-a', reader, 'list', 'pods')).toBe('yes');
    const dev = await signIn(developer, `pw-${developer}-1A`);
    expectOk(
      await api('POST', 'manage', `/users/${dev.userId}/collections`, {
        token: dev.token,
        body: {
          type: 'Node',
          name: 'member-a-node-0',
          vendor: 'ProviderKubeconfig',
          region,
          cluster,
        },
      }),
    );
    // The selection of this test; a whole-hub backup takes no selector.
    for (const kind of ['organizations', 'clusters', 'users', 'favourites']) {
      // A favourite's name is a digest of what it points at; its user names the test.
      const names = hubJson<{
        items: { metadata: { name: string }; spec?: { user?: string } }[];
      }>(['get', `${kind}.nimbus.io`])
        .items.filter((item) => `${item.metadata.name} ${item.spec?.user ?? ''}`.includes(suffix))
        .map((item) => item.metadata.name)
        .filter((name) => !name.startsWith('root-'));
      for (const name of names) hub(['label', `${kind}.nimbus.io`, name, selector, '--overwrite']);
    }
    // The member's subjects are the two users and the system administrators (their own
    // projection); the grants are read once they hold both users and stopped changing.
    const users = [developer, reader].map(memberUserName);
    let previous = '';
    before = await eventually(
      grantsOnMember,
      (grants) => {
        const seen = JSON.stringify(grants);
        const settled = seen === previous && users.every((user) => user in grants);
        previous = seen;
        return settled;
      },
      { timeoutMs: 40_000, intervalMs: 1_000 },
    );
    expect(Object.keys(before)).toEqual(expect.arrayContaining(users));
    uidBefore = clusterUid(cluster);

    backupScript(['export', backup, '-l', selector]);
    const exported = (file: string) =>
      (
        JSON.parse(readFileSync(join(backup, file), 'utf8')) as {
          items: { kind: string; metadata: { name: string } }[];
        }
      ).items;
    expect(
      exported('users.json')
        .map((u) => u.metadata.name)
        .sort(),
    ).toEqual([developer, reader].sort());
    expect(exported('favourites.json')).toHaveLength(1);
    // The users' credentials and the cluster's kubeconfig, found by their owner references.
    expect(exported('secrets.json').length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('deletes them from the hub: the member’s projected RBAC goes with the Cluster', async () => {
    for (const kind of ['favourites', 'users', 'clusters', 'organizations']) {
      expect(
        hub(['delete', `${kind}.nimbus.io`, '-l', selector, '--wait=true', '--timeout=90s']).status,
      ).toBe(0);
    }
    expect(ours('users.nimbus.io')).toEqual([]);
    expect(await memberAllows('member-a', developer, 'create', 'deployments', 'no')).toBe('no');
  }, 180_000);

  it('restores them; the operator converges to the same rights under the new uids', async () => {
    backupScript(['restore', backup]);
    const ready = await eventually(clusterConditions, (c) => c.Ready?.status === 'True', 120_000);
    expect(ready.Ready?.status).toBe('True');
    // New objects: new uids, so new names for what the Cluster projects.
    expect(clusterUid(cluster)).not.toBe(uidBefore);
    const after = await eventually(
      grantsOnMember,
      (grants) => JSON.stringify(grants) === JSON.stringify(before),
      120_000,
    );
    expect(after).toEqual(before);
    expect(await memberAllows('member-a', developer, 'create', 'deployments')).toBe('yes');
    expect(await memberAllows('member-a', reader, 'create', 'deployments', 'no')).toBe('no');

    // The credentials Secret was restored with an owner reference to the new User (else the
    // garbage collector would delete it), so the password still works.
    const dev = await signIn(developer, `pw-${developer}-1A`);
    const user = hubJson<{ metadata: { uid: string } }>(['get', 'users.nimbus.io', developer]);
    const owned = hubJson<{ items: { metadata: { ownerReferences?: { uid: string }[] } }[] }>([
      'get',
      'secrets',
      '-n',
      namespace,
    ]).items.filter((s) => s.metadata.ownerReferences?.some((o) => o.uid === user.metadata.uid));
    expect(owned.length).toBeGreaterThan(0);
    // The favourite points at the new Cluster (its cluster-uid label was rewritten).
    const favourites = expectOk(
      await api<{ items: { name: string }[] }>(
        'GET',
        'manage',
        `/users/${dev.userId}/collections`,
        {
          token: dev.token,
        },
      ),
    );
    expect(favourites.items.map((item) => item.name)).toEqual(['member-a-node-0']);
  }, 300_000);
});
