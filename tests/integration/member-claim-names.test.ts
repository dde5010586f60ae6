// Issue 25, item 6: member-a registered by two organizations. Both Clusters report the double
// claim (MemberClaim=False), but a member of one organization must not learn the other
// registration's name or organization from it; a system administrator does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  atCluster,
  gitOpsUser,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const s = `mc${Date.now().toString(36)}`;
const orgA = `alpha-${s}`;
const orgB = `beta-${s}`;
const clusterA = `first-${s}`;
const clusterB = `second-${s}`;
const betaUser = `bea-${s}`;

let root: Session;
let bea: Session;

interface Detail {
  conditions: Array<{ type: string; status: string; reason: string; message: string }>;
}

const claimAs = async (session: Session, cluster: string) => {
  const answer = await atCluster<Detail>(session, 'crd', 'GET', cluster);
  return {
    text: answer.text,
    claim: expectOk(answer).conditions.find((c) => c.type === 'MemberClaim'),
  };
};

beforeAll(async () => {
  root = await gitOpsSystemAdmin(s);
  for (const name of [orgA, orgB]) {
    expectOk(
      await root.call('POST', '/organizations', {
        name,
        cnName: name,
        contact: 'Ops',
        email: `ops@${name}.example`,
      }),
    );
  }
  await registerMember(root, clusterA, orgA, 'member-a', { monitors: false });
  await registerMember(root, clusterB, orgB, 'member-a', { monitors: false });
  bea = await gitOpsUser(betaUser, orgB, [
    { cluster: clusterB, role: 'read-only', effect: 'Allow' },
  ]);
}, 120_000);

afterAll(async () => {
  await unregisterMember(root, clusterB, orgB);
  await unregisterMember(root, clusterA, orgA);
  removeGitOpsUser(betaUser);
  hub(['delete', 'organizations.nimbus.io', orgA, orgB, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(s);
}, 120_000);

describe('the MemberClaim condition of a member registered by two organizations', () => {
  it('names the other registration to a system administrator only', async () => {
    const seenByRoot = await eventually(
      () => claimAs(root, clusterB),
      // Files in the other integration lane register member-a too: wait until clusterA is named.
      ({ claim }) => claim?.status === 'False' && claim.message.includes(clusterA),
      90_000,
    );
    expect(seenByRoot.claim).toMatchObject({ reason: 'RegisteredTwice' });
    expect(seenByRoot.claim?.message).toContain(clusterA);
    expect(seenByRoot.claim?.message).toContain(orgA);

    const seenByBea = await claimAs(bea, clusterB);
    expect(seenByBea.claim).toMatchObject({ status: 'False', reason: 'RegisteredTwice' });
    expect(seenByBea.claim?.message).toMatch(/also registered/);
    expect(seenByBea.text).not.toContain(clusterA);
    expect(seenByBea.text).not.toContain(orgA);
  }, 150_000);
});
