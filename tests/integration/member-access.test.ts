// Calls into a member as the signed-in user, against the test bed: the member's own RBAC decides
// (read-only may read a node but not cordon it), a denied binding is refused by the console
// before the member is asked, and a client cannot choose whom the member sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import {
  atCluster,
  gitOpsUser,
  memberAllows,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `ma${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const node = 'member-a-node-0';
const readerName = `reader-${suffix}`;
const deniedName = `denied-${suffix}`;

let root: Session;
let reader: Session;
let denied: Session;

const unschedulable = (): string =>
  onMember('member-a', ['get', 'node', node, '-o', 'jsonpath={.spec.unschedulable}']).stdout.trim();

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'member-access',
      contact: 'Ops',
      email: 'ops@member-access.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a');
  reader = await gitOpsUser(readerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  denied = await gitOpsUser(deniedName, org, [{ cluster, role: 'read-only', effect: 'Deny' }]);
  expect(await memberAllows('member-a', readerName, 'get', 'nodes')).toBe('yes');
}, 90_000);

afterAll(async () => {
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(readerName);
  removeGitOpsUser(deniedName);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('member calls as the calling user', () => {
  it('lets a read-only user read a node and its pods', async () => {
    const detail = await atCluster<{ name: string }>(
      reader,
      'crd',
      'GET',
      cluster,
      `/nodes/${node}`,
    );
    expect(detail.body.code).toBe(0);
    expect(detail.body.data.name).toBe(node);
    const pods = await atCluster<{ items: Array<{ namespace: string }> }>(
      reader,
      'crd',
      'GET',
      cluster,
      `/nodes/${node}/pods`,
    );
    expect(pods.body.code).toBe(0);
    expect(pods.body.data.items.some((pod) => pod.namespace === 'demo')).toBe(true);
  });

  it("refuses a read-only user's cordon with 9997 because the member's RBAC says no", async () => {
    const { body } = await atCluster(
      reader,
      'crd',
      'PUT',
      cluster,
      `/nodes/${node}?unschedulable=true`,
    );
    expect(body.code).toBe(9997);
    expect(body.message).toBe('cannot patch nodes at cluster scope');
    // The member's own words name the impersonated user: the console did not refuse it.
    expect(body.data).toMatchObject({
      refusal: { cluster, cause: 'rbac', verb: 'patch', resource: 'nodes', name: node },
    });
    expect((body.data as { refusal: { reason: string } }).refusal.reason).toContain(
      `nimbus:${readerName}`,
    );
    expect(unschedulable()).toBe('');
  });

  it('refuses a user whose binding is Deny with 9997 before asking the member', async () => {
    for (const [method, rest] of [
      ['GET', `/nodes/${node}`],
      ['PUT', `/nodes/${node}?unschedulable=true`],
    ] as const) {
      const { body } = await atCluster(denied, 'crd', method, cluster, rest);
      expect(body.code).toBe(9997);
      expect(body.message).toContain('not bound to you or is forbidden');
    }
    const labels = await atCluster(denied, 'k8s', 'PUT', cluster, `/nodes/${node}`, {
      body: { labels: { evil: 'yes' } },
    });
    expect(labels.body.code).toBe(9997);
  });

  it('never lets a smuggled Impersonate-User or Impersonate-Group change whom the member sees', async () => {
    const smuggled = {
      'Impersonate-User': 'system:admin',
      'Impersonate-Group': 'system:masters',
    };
    const cordon = await atCluster(
      reader,
      'crd',
      'PUT',
      cluster,
      `/nodes/${node}?unschedulable=true`,
      {
        headers: smuggled,
      },
    );
    expect(cordon.body.code).toBe(9997);
    // The member's own words (the refusal's reason) name whom it saw: the caller, not the smuggled user.
    const reason = (cordon.body.data as { refusal: { reason: string } }).refusal.reason;
    expect(reason).toContain(`nimbus:${readerName}`);
    expect(reason).not.toContain('system:admin');
    expect(cordon.body.message).not.toContain('system:admin');
    const labels = await atCluster(reader, 'k8s', 'PUT', cluster, `/nodes/${node}`, {
      body: { labels: { smuggled: 'yes' } },
      headers: smuggled,
    });
    expect(labels.body.code).toBe(9997);
    expect(unschedulable()).toBe('');
    const seen = onMember('member-a', ['get', 'node', node, '-o', 'jsonpath={.metadata.labels}']);
    expect(seen.stdout).not.toContain('smuggled');
  });
});
