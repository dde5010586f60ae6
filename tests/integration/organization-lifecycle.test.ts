// Issue 8, reproduction 3: acme is deleted while its cluster prod is registered, and whoever
// re-creates acme must inherit neither prod, its credentials nor acme's audit history. Deleting
// is refused (API) or held by the finalizer (kubectl) until prod is gone; identity is the uid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsPasswordUser,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  hubJson,
  namespace,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import type { HubObject } from '../support/iam.js';
import {
  atCluster,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `ol${Date.now().toString(36)}`;
const acme = `acme-${suffix}`;
const other = `m-org-${suffix}`;
const prod = `prod-${suffix}`;
const ghost = `ghost-${suffix}`;
const group = `devs-${suffix}`;
const mallory = `mallory-${suffix}`;
const credentialsSecret = `nimbus-cluster-${prod}-credentials`;

let root: Session;
let malloryAt: Session;

interface OrgObject extends HubObject {
  metadata: HubObject['metadata'] & { deletionTimestamp?: string; finalizers?: string[] };
}

interface AuditPage {
  items: Array<{ userName: string; uri: string; organization: string | null; requestTime: string }>;
}

const exists = (kind: string, name: string, ns?: string): boolean =>
  hub(['get', kind, name, ...(ns ? ['-n', ns] : []), '-o', 'name']).status === 0;

async function auditRecords(query: string): Promise<AuditPage['items']> {
  return expectOk(
    await api<AuditPage>('GET', 'audit', `/records?pageSize=100&${query}`, { token: root.token }),
  ).items;
}

function createOrganization(name: string) {
  return root.call('POST', '/organizations', {
    name,
    cnName: name,
    contact: 'Ops',
    email: `ops@${name}.example`,
  });
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(await createOrganization(acme));
  expectOk(await createOrganization(other));
  await registerMember(root, prod, acme, 'member-a');
  expectOk(await root.call('POST', '/groups', { name: group, organizationId: acme, userIds: [] }));
  // mallory belongs to acme (read-only on prod) and to an organization of her own.
  malloryAt = await gitOpsPasswordUser(mallory, `pw-${mallory}-1A`, {
    organizations: [{ name: acme }, { name: other, admin: true }],
    clusterPermissions: [{ cluster: prod, role: 'read-only', effect: 'Allow' }],
  });
}, 120_000);

afterAll(async () => {
  await unregisterMember(root, prod, acme);
  hub(['delete', 'clusters.nimbus.io', ghost, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', acme, other, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'usergroups.nimbus.io', group, '--ignore-not-found', '--wait=false']);
  removeGitOpsUser(mallory);
  removeGitOpsSystemAdmin(suffix);
});

describe('audit records of member calls', () => {
  it("belong to the cluster's organization, whatever organization header the caller sends", async () => {
    // A change (reads are not recorded at the default policy), refused: she may only read prod.
    const cordon = await atCluster(
      malloryAt,
      'crd',
      'PUT',
      prod,
      '/nodes/no-such-node?unschedulable=true',
      {
        headers: { 'X-Nimbus-Organization': other },
      },
    );
    expect(cordon.body.code).not.toBe(0);
    const inAcme = await eventually(
      () => auditRecords(`organization=${acme}&user=${mallory}`),
      (items) => items.some((item) => item.uri.includes(`/clusters/${prod}`)),
    );
    expect(inAcme.find((item) => item.uri.includes(`/clusters/${prod}`))?.organization).toBe(acme);
    // Neither planted in her own organization nor hidden from acme's administrators.
    const inOther = await auditRecords(`organization=${other}&user=${mallory}`);
    expect(inOther.filter((item) => item.uri.includes(`/clusters/${prod}`))).toEqual([]);
  });
});

describe('deleting an organization that still has a cluster', () => {
  it('is refused through the API with a message naming the cluster', async () => {
    const answer = await root.call('DELETE', `/organizations/${acme}`);
    expect(answer.body).toMatchObject({
      code: 1020,
      message: `organization ${acme} still has clusters ${prod}; delete them first`,
    });
    const org = hubJson<OrgObject>(['get', 'organizations.nimbus.io', acme]);
    expect(org.metadata.deletionTimestamp).toBeUndefined();
    expect(org.metadata.finalizers).toContain('nimbus.io/organization-cleanup');
  });

  it('leaves a kubectl delete Terminating with a condition naming the cluster', async () => {
    expect(hub(['delete', 'organizations.nimbus.io', acme, '--wait=false']).status).toBe(0);
    const org = await eventually(
      () => hubJson<OrgObject>(['get', 'organizations.nimbus.io', acme]),
      (o) => o.status?.conditions?.some((c) => c.reason === 'DeletionBlocked') === true,
    );
    expect(org.metadata.deletionTimestamp).toBeDefined();
    const blocked = `organization ${acme} is being deleted and still has clusters ${prod}; it goes once they are deleted`;
    expect(org.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'DeletionBlocked',
      message: blocked,
    });
    // The API answers a Terminating organization with what its condition says.
    const answer = await root.call('DELETE', `/organizations/${acme}`);
    expect(answer.body).toMatchObject({ code: 1020, message: blocked });
    // Everything acme has stays usable while it is held.
    expect(exists('clusters.nimbus.io', prod)).toBe(true);
    expect(exists('secret', credentialsSecret, namespace)).toBe(true);
    expect(exists('usergroups.nimbus.io', group)).toBe(true);
    expect((await atCluster(malloryAt, 'crd', 'GET', prod)).body.code).toBe(0);
  });

  it('accepts nothing new while Terminating', async () => {
    const late = await root.call('POST', '/groups', {
      name: `late-${suffix}`,
      organizationId: acme,
      userIds: [],
    });
    expect(late.body.code).toBe(1021);
  });

  it('lets the organization go once its cluster is deleted, with its groups and memberships', async () => {
    await unregisterMember(root, prod, acme);
    const gone = await eventually(
      () => exists('organizations.nimbus.io', acme),
      (present) => !present,
    );
    expect(gone).toBe(false);
    expect(exists('usergroups.nimbus.io', group)).toBe(false);
    const user = hubJson<HubObject>(['get', 'users.nimbus.io', mallory]);
    expect(user.spec.organizations).toEqual([{ name: other, admin: true }]);
  });
});

describe('a re-created organization of the same name', () => {
  let recreatedAt = 0;
  let oldUid = '';

  beforeAll(async () => {
    recreatedAt = Date.now();
    expectOk(await createOrganization(acme));
  });

  it('has no clusters, and a cluster stamped for the old one stays with nobody', async () => {
    const listed = expectOk(
      await api<{ items: unknown[]; total: number }>(
        'GET',
        'manage',
        `/organizations/${acme}/providers`,
        { token: root.token },
      ),
    );
    expect(listed.total).toBe(0);

    // The uid the old acme had, read from mallory's audit record filed under it.
    const records = await api<{ items: Array<{ organizationUid: string | null; uri: string }> }>(
      'GET',
      'audit',
      `/records?pageSize=100&user=${mallory}`,
      { token: root.token },
    );
    oldUid =
      records.body.data.items.find((item) => item.uri.includes(`/clusters/${prod}`))
        ?.organizationUid ?? '';
    expect(oldUid).not.toBe('');
    const current = hubJson<OrgObject>(['get', 'organizations.nimbus.io', acme]);
    expect(current.metadata.uid).not.toBe(oldUid);

    hubApply([
      {
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'Cluster',
        metadata: {
          name: ghost,
          labels: { 'nimbus.io/organization': acme, 'nimbus.io/organization-uid': oldUid },
        },
        spec: {
          provider: 'ProviderKubeconfig',
          region: 'local',
          credentialsSecretRef: { name: `${ghost}-credentials`, namespace },
        },
      },
    ]);
    const orphan = await eventually(
      () => hubJson<HubObject>(['get', 'clusters.nimbus.io', ghost]),
      (c) => c.status?.conditions?.some((cond) => cond.type === 'Organization') === true,
    );
    expect(orphan.status?.conditions?.find((c) => c.type === 'Organization')).toMatchObject({
      status: 'False',
      reason: 'OrganizationReplaced',
    });
    const after = expectOk(
      await api<{ total: number }>('GET', 'manage', `/organizations/${acme}/providers`, {
        token: root.token,
      }),
    );
    expect(after.total).toBe(0);
  });

  it("does not see the old acme's audit records", async () => {
    const records = await auditRecords(`organization=${acme}`);
    expect(records.filter((item) => Date.parse(item.requestTime) < recreatedAt)).toEqual([]);
    expect(records.filter((item) => item.userName === mallory)).toEqual([]);
    // The old ones are still there for a system administrator, by the old uid.
    const old = await auditRecords(`organization=${oldUid}&user=${mallory}`);
    expect(old.some((item) => item.uri.includes(`/clusters/${prod}`))).toBe(true);
  });
});
