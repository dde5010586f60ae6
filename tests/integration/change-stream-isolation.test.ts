// The change stream across organizations: the administrator of organization B (bound on B's
// cluster to list ConfigMaps), following ConfigMaps on A's cluster and on B's own, hears B's
// changes and never A's, while the system
// admin hears both. B's own change comes last, so had A's notice reached B's administrator it
// would have come before it (no waiting for silence). The same holds for the admin lists'
// notices (a group added in each organization).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followChanges, type Notice } from '../support/changes.js';
import type { Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsPasswordUser,
  gitOpsSystemAdmin,
  hub,
  hubJson,
  type HubObject,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  gitOpsRole,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `csi${Date.now().toString(36)}`;
const orgA = `org-a-${suffix}`;
const orgB = `org-b-${suffix}`;
const clusterA = `member-a-${suffix}`;
const clusterB = `member-b-${suffix}`;
const adminB = `admin-b-${suffix}`;
const readerB = `cm-reader-${suffix}`;
const configMapA = `cm-a-${suffix}`;
const configMapB = `cm-b-${suffix}`;

let root: Session;
let tenant: Session;

async function organization(name: string): Promise<void> {
  expectOk(
    await root.call('POST', '/organizations', {
      name,
      cnName: name,
      contact: 'Ops',
      email: 'ops@isolation.example',
    }),
  );
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  await organization(orgA);
  await organization(orgB);
  await registerMember(root, clusterA, orgA, 'member-a');
  await registerMember(root, clusterB, orgB, 'member-b');
  // B's administrator, bound on B's cluster to a role of B that lists ConfigMaps.
  gitOpsRole(readerB, orgB, ['configmap:list']);
  tenant = await gitOpsPasswordUser(adminB, `pw-${adminB}-1A`, {
    organizations: [{ name: orgB, admin: true }],
    clusterPermissions: [{ cluster: clusterB, role: readerB, effect: 'Allow' }],
  });
}, 120_000);

afterAll(async () => {
  onMember('member-a', ['delete', 'configmap', configMapA, '-n', 'demo', '--ignore-not-found']);
  onMember('member-b', ['delete', 'configmap', configMapB, '-n', 'demo', '--ignore-not-found']);
  await unregisterMember(root, clusterA, orgA);
  await unregisterMember(root, clusterB, orgB);
  removeGitOpsUser(adminB);
  hub(['delete', 'roles.nimbus.io', readerB, '--ignore-not-found']);
  for (const name of [orgA, orgB]) {
    hub(['delete', 'organizations.nimbus.io', name, '--ignore-not-found', '--wait=false']);
  }
  removeGitOpsSystemAdmin(suffix);
});

describe("another organization's administrator", () => {
  it("hears the changes of her own organization's cluster, never of another's", async () => {
    const asked = `kind=configmaps&cluster=${clusterA}&cluster=${clusterB}`;
    const tenantHears = await followChanges(tenant.token, asked);
    const rootHears = await followChanges(root.token, asked);
    const named = (name: string) => (notice: Notice) =>
      notice.kind === 'configmaps' && notice.name === name && notice.type === 'upsert';
    try {
      onMember('member-a', ['create', 'configmap', configMapA, '-n', 'demo']);
      const heardByRoot = await rootHears.until(named(configMapA));
      expect(heardByRoot.at(-1)).toMatchObject({ cluster: clusterA, namespace: 'demo' });
      // Written after A's notice went through the feed.
      onMember('member-b', ['create', 'configmap', configMapB, '-n', 'demo']);
      const heardByTenant = await tenantHears.until(named(configMapB));
      expect(heardByTenant.at(-1)).toMatchObject({ cluster: clusterB, namespace: 'demo' });
      expect(heardByTenant.filter((notice) => notice.cluster === clusterA)).toEqual([]);
      expect(JSON.stringify(heardByTenant)).not.toContain(configMapA);
    } finally {
      await tenantHears.close();
      await rootHears.close();
    }
  });

  it("hears her own organization's admin lists change, never another's", async () => {
    const uidOf = (name: string) =>
      hubJson<HubObject>(['get', 'organizations.nimbus.io', name]).metadata.uid;
    const [uidA, uidB] = [uidOf(orgA), uidOf(orgB)];
    const asked = 'kind=hub.groups&kind=hub.users';
    const tenantHears = await followChanges(tenant.token, asked);
    const rootHears = await followChanges(root.token, asked);
    const groupsOf = (organization: string) => (notice: Notice) =>
      notice.kind === 'hub.groups' && notice.organization === organization;
    try {
      expectOk(
        await root.call('POST', '/groups', { name: `group-a-${suffix}`, organizationId: uidA }),
      );
      const heardByRoot = await rootHears.until(groupsOf(uidA));
      expect(heardByRoot.at(-1)).toEqual({
        cluster: '',
        kind: 'hub.groups',
        namespace: '',
        name: '',
        type: 'relist',
        organization: uidA,
      });
      // Added after A's notice went through the feed.
      expectOk(
        await root.call('POST', '/groups', { name: `group-b-${suffix}`, organizationId: uidB }),
      );
      const heardByTenant = await tenantHears.until(groupsOf(uidB));
      expect(heardByTenant.filter((notice) => notice.organization === uidA)).toEqual([]);
    } finally {
      await tenantHears.close();
      await rootHears.close();
    }
  });
});
