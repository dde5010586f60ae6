// Monitoring endpoints of a registered member (spec.monitors of its Cluster) through the manage
// API, the SSRF policy on their addresses, and the member's Nimbus RBAC going with the Cluster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberUserName } from '../../operator/src/member/principal.js';
import { api } from '../support/api.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import {
  clusterUid,
  gitOpsUser,
  memberAllows,
  onMember,
  projectedBindingsOf,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `mon${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const user = `viewer-${suffix}`;

interface MonitorView {
  id: string;
  providerId: string;
  type: string;
  address: string;
  enabled: boolean;
}

let root: Session;
let member: Session;
let deleted = false;

const monitors = (session: Session, method: string, path: string, body?: unknown) =>
  api<MonitorView>(method, 'manage', `/monitors${path}`, {
    token: session.token,
    ...(body === undefined ? {} : { body }),
  });

const monitor = (extra: Record<string, unknown> = {}) => ({
  organizationId: org,
  providerId: cluster,
  type: 'Prometheus',
  address: 'https://10.0.0.9:9090',
  enabled: true,
  ...extra,
});

/** spec.monitors as the hub stores it. */
function storedMonitors(): unknown[] {
  const got = hub(['get', 'clusters.nimbus.io', cluster, '-o', 'jsonpath={.spec.monitors}']);
  expect(got.status).toBe(0);
  return got.stdout.trim() === '' ? [] : (JSON.parse(got.stdout) as unknown[]);
}

/** The binding this test's Cluster projected for the user, by its registration's name for it. */
const bindingOnMemberA = (name: string): string =>
  onMember('member-a', [
    'get',
    'clusterrolebinding',
    name,
    '--ignore-not-found',
    '-o',
    'name',
  ]).stdout.trim();

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'monitors',
      contact: 'Ops',
      email: 'ops@monitors.example',
    }),
  );
  await registerMember(root, cluster, org, 'member-a', { monitors: false });
  member = await gitOpsUser(user, org, [{ cluster, role: 'developer', effect: 'Allow' }]);
}, 60_000);

afterAll(async () => {
  if (!deleted) await unregisterMember(root, cluster, org);
  removeGitOpsUser(user);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('monitors of a registered member', () => {
  it('adds a Prometheus endpoint to spec.monitors on the hub', async () => {
    const created = expectOk(await monitors(root, 'POST', '', monitor()));
    expect(created).toEqual({
      id: `${cluster}.prometheus`,
      providerId: cluster,
      type: 'Prometheus',
      address: 'https://10.0.0.9:9090',
      enabled: true,
    });
    expect(storedMonitors()).toEqual([
      { type: 'Prometheus', address: 'https://10.0.0.9:9090', enabled: true },
    ]);
  });

  it('refuses a second Prometheus with 1005, and the hub refuses a duplicate type itself', async () => {
    const { body } = await monitors(root, 'POST', '', monitor({ address: 'https://10.0.0.10' }));
    expect(body.code).toBe(1005);
    expect(body.message).toBe(`${cluster}.prometheus already existed, please change`);
    const twice = JSON.stringify({
      spec: {
        monitors: [
          { type: 'Prometheus', address: 'https://10.0.0.9:9090', enabled: true },
          { type: 'Prometheus', address: 'https://10.0.0.10', enabled: true },
        ],
      },
    });
    const patched = hub(['patch', 'clusters.nimbus.io', cluster, '--type=merge', '-p', twice]);
    expect(patched.status).not.toBe(0);
    expect(patched.stderr).toMatch(/Duplicate value/);
    expect(storedMonitors()).toHaveLength(1);
  });

  it.each([
    'http://127.0.0.1:9093',
    'https://169.254.169.254/latest/meta-data',
    'https://metadata.google.internal',
  ])('refuses the address %s and stores nothing', async (address) => {
    const { body } = await monitors(root, 'POST', '', monitor({ type: 'Alertmanager', address }));
    expect(body.code).toBe(1000);
    expect(body.message).toContain('the address is refused');
    const put = await monitors(root, 'PUT', '', monitor({ address }));
    expect(put.body.code).toBe(1000);
    expect(storedMonitors()).toEqual([
      { type: 'Prometheus', address: 'https://10.0.0.9:9090', enabled: true },
    ]);
    expect(JSON.stringify(storedMonitors())).not.toContain(address);
  });

  it('changes an endpoint with PUT, and answers 1004 for a type that has none', async () => {
    const changed = expectOk(
      await monitors(
        root,
        'PUT',
        '',
        monitor({ address: 'https://10.0.0.11:9090', enabled: false }),
      ),
    );
    expect(changed).toMatchObject({ address: 'https://10.0.0.11:9090', enabled: false });
    expect(storedMonitors()).toEqual([
      { type: 'Prometheus', address: 'https://10.0.0.11:9090', enabled: false },
    ]);
    const missing = await monitors(root, 'PUT', '', monitor({ type: 'Alertmanager' }));
    expect(missing.body.code).toBe(1004);
  });

  it('lets a plain member of the organization list the endpoints, by name or uid, not change them', async () => {
    expectOk(
      await monitors(
        root,
        'POST',
        '',
        monitor({ type: 'Alertmanager', address: 'https://192.168.10.5:9093' }),
      ),
    );
    const uid = hub([
      'get',
      'clusters.nimbus.io',
      cluster,
      '-o',
      'jsonpath={.metadata.uid}',
    ]).stdout.trim();
    for (const ref of [cluster, uid]) {
      const listed = await api<{ items: MonitorView[] }>(
        'GET',
        'manage',
        `/monitors/providers/${ref}`,
        { token: member.token },
      );
      expect(expectOk(listed).items.map((m) => [m.id, m.address, m.enabled])).toEqual([
        [`${cluster}.prometheus`, 'https://10.0.0.11:9090', false],
        [`${cluster}.alertmanager`, 'https://192.168.10.5:9093', true],
      ]);
    }
    const remove = await monitors(member, 'DELETE', `/${cluster}.alertmanager`);
    expect(remove.body.code).toBe(9997);
    expect(storedMonitors()).toHaveLength(2);
  });

  it('deletes one endpoint, leaving the other', async () => {
    const removed = expectOk(await monitors(root, 'DELETE', `/${cluster}.alertmanager`));
    expect(removed).toEqual({ id: `${cluster}.alertmanager` });
    expect(storedMonitors()).toEqual([
      { type: 'Prometheus', address: 'https://10.0.0.11:9090', enabled: false },
    ]);
    const again = await monitors(root, 'DELETE', `/${cluster}.alertmanager`);
    expect(again.body.code).toBe(1004);
  });
});

describe('deleting the Cluster', () => {
  it('removes the Nimbus RBAC it projected into member-a', async () => {
    // The projection runs on the Lease holder once the cluster is ready.
    expect(await memberAllows('member-a', user, 'list', 'pods', 'yes', 60_000)).toBe('yes');
    // The registration's shared binding of the user's rules (named and labelled by its uid).
    const uid = clusterUid(cluster);
    const binding =
      projectedBindingsOf('member-a', user).find((b) => b.clusterUid === uid)?.name ?? 'none';
    expect(bindingOnMemberA(binding)).toBe(
      `clusterrolebinding.rbac.authorization.k8s.io/${binding}`,
    );
    const { body } = await api(
      'DELETE',
      'manage',
      `/providers/ProviderKubeconfig/clusters/${cluster}`,
      {
        token: root.token,
        body: { organizationId: org },
      },
    );
    expect(body.code).toBe(0);
    deleted = true;
    // The delete answers once its finalizer removed what this registration projected; other
    // tests' registrations of member-a keep theirs, which never bound this user.
    expect(bindingOnMemberA(binding)).toBe('');
    expect(
      onMember('member-a', [
        'auth',
        'can-i',
        'list',
        'pods',
        '--as',
        memberUserName(user),
      ]).stdout.trim(),
    ).toBe('no');
  }, 90_000);
});
