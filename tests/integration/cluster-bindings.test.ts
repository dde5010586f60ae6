// Who is bound to a cluster, as its detail page asks the IAM lists (`?cluster=`), against the
// operator under test: an organization's administrator finds her users and groups bound to her
// cluster, and nothing of a member's binding in another organization's cluster, which a system
// administrator does see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  expectOk,
  gitOpsPasswordUser,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  removeGitOpsSystemAdmin,
  type Session,
} from '../support/iam.js';
import { gitOpsCluster, gitOpsRole, removeGitOpsUser } from '../support/members.js';

const s = `cb${Date.now().toString(36)}`;
const [orgA, orgB] = [`cb-a-${s}`, `cb-b-${s}`];
const [clusterA, clusterB] = [`cb-a-cluster-${s}`, `cb-b-cluster-${s}`];
const [roleA, roleB] = [`cb-a-role-${s}`, `cb-b-role-${s}`];
const users = { alice: `alice-${s}`, bob: `bob-${s}`, carol: `carol-${s}`, dora: `dora-${s}` };
const group = `cb-a-ops-${s}`;

let root: Session;
let dora: Session;

const named = async (session: Session, path: string): Promise<string[]> => {
  const page = expectOk(
    await session.call<{ items: Array<{ userName?: string; name: string }> }>('GET', path),
  );
  return page.items.map((item) => item.userName ?? item.name).sort();
};

beforeAll(async () => {
  root = await gitOpsSystemAdmin(s);
  for (const org of [orgA, orgB]) {
    expectOk(
      await root.call('POST', '/organizations', {
        name: org,
        cnName: org,
        contact: 'ops',
        email: `ops@${org}.example`,
      }),
    );
  }
  await gitOpsCluster(root, orgA, clusterA);
  await gitOpsCluster(root, orgB, clusterB);
  gitOpsRole(roleA, orgA, ['node:list']);
  gitOpsRole(roleB, orgB, ['node:list']);
  const bound = (cluster: string, role: string) => [{ cluster, role, effect: 'Allow' }];
  await gitOpsPasswordUser(users.alice, `pw-${users.alice}-1A`, {
    organizations: [{ name: orgA }],
    clusterPermissions: bound(clusterA, roleA),
  });
  await gitOpsPasswordUser(users.bob, `pw-${users.bob}-1A`, { organizations: [{ name: orgA }] });
  await gitOpsPasswordUser(users.carol, `pw-${users.carol}-1A`, {
    organizations: [{ name: orgA }, { name: orgB }],
    clusterPermissions: bound(clusterB, roleB),
  });
  dora = await gitOpsPasswordUser(users.dora, `pw-${users.dora}-1A`, {
    organizations: [{ name: orgA, admin: true }],
  });
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'UserGroup',
      metadata: { name: group },
      spec: {
        organization: orgA,
        members: [users.bob],
        clusterPermissions: bound(clusterA, roleA),
      },
    },
  ]);
}, 120_000);

afterAll(() => {
  for (const user of Object.values(users)) removeGitOpsUser(user);
  hub(['delete', 'usergroups.nimbus.io', group, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'roles.nimbus.io', roleA, roleB, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'clusters.nimbus.io', clusterA, clusterB, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', orgA, orgB, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(s);
});

describe("a cluster's bindings", () => {
  it('lists the users and groups of the organization bound to its cluster', async () => {
    expect(await named(dora, `/organizations/${orgA}/users?cluster=${clusterA}`)).toEqual([
      users.alice,
    ]);
    // The group reaches the operator's hub cache a moment after kubectl applied it.
    const groups = await eventually(
      () => named(dora, `/organizations/${orgA}/groups?cluster=${clusterA}`),
      (names) => names.length > 0,
    );
    expect(groups).toEqual([group]);
    const everyone = await named(dora, `/organizations/${orgA}/users`);
    expect(everyone).toEqual(expect.arrayContaining([users.bob, users.carol, users.dora]));
  });

  it("tells an administrator nothing of a member's binding in another organization", async () => {
    expect(await named(dora, `/organizations/${orgA}/users?cluster=${clusterB}`)).toEqual([]);
    expect(await named(root, `/organizations/${orgA}/users?cluster=${clusterB}`)).toEqual([
      users.carol,
    ]);
  });
});
