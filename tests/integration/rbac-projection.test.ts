// A user's console role projected into member-a's RBAC: Allow lets the member API server say yes
// to the impersonated user, Deny takes it away within seconds.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberUserName } from '../../operator/src/member/principal.js';
import { api } from '../support/api.js';
import { testEnv } from '../support/env.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import { kubectl } from '../support/kubectl.js';
import { projectedBindingsOf } from '../support/members.js';

const suffix = `rbac${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const user = `dev-${suffix}`;
const clusters = '/providers/ProviderKubeconfig/clusters';

const memberA = (): string => {
  const path = testEnv.memberKubeconfigs.find((file) => file.endsWith('member-a.kubeconfig'));
  if (!path) throw new Error('member-a kubeconfig not configured');
  return path;
};
const canListPods = (): string =>
  kubectl(memberA(), ['auth', 'can-i', 'list', 'pods', '--as', memberUserName(user)]).stdout.trim();

function applyUser(effect: 'Allow' | 'Deny'): void {
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'User',
      metadata: { name: user },
      spec: {
        email: `${user}@example.com`,
        organizations: [{ name: org }],
        clusterPermissions: [{ cluster, role: 'developer', effect }],
      },
    },
  ]);
}

let root: Session;

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'rbac',
      contact: 'Ops',
      email: 'ops@rbac.example',
    }),
  );
  const created = await api('POST', 'manage', clusters, {
    token: root.token,
    body: {
      name: cluster,
      organizationId: org,
      region: 'local',
      credentials: { kubeconfig: readFileSync(memberA(), 'utf8') },
    },
  });
  expectOk(created);
}, 60_000);

afterAll(async () => {
  await api('DELETE', 'manage', `${clusters}/${cluster}`, {
    token: root.token,
    body: { organizationId: org },
  });
  hub(['delete', 'users.nimbus.io', user, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('member RBAC follows the console role', () => {
  it('lets the impersonated user list pods once the binding is Allow', async () => {
    expect(canListPods()).toBe('no');
    applyUser('Allow');
    expect(await eventually(canListPods, (answer) => answer === 'yes', 40_000)).toBe('yes');
    expect(
      kubectl(memberA(), [
        'auth',
        'can-i',
        'delete',
        'nodes',
        '--as',
        memberUserName(user),
      ]).stdout.trim(),
    ).toBe('no');
  }, 60_000);

  it('takes the right away within seconds when the effect turns to Deny', async () => {
    applyUser('Deny');
    expect(await eventually(canListPods, (answer) => answer === 'no', 10_000)).toBe('no');
    expect(projectedBindingsOf('member-a', user)).toEqual([]);
  }, 30_000);

  it("never grants the bare user name, which could be one of the member's own principals", async () => {
    applyUser('Allow');
    expect(await eventually(canListPods, (answer) => answer === 'yes', 40_000)).toBe('yes');
    expect(kubectl(memberA(), ['auth', 'can-i', 'list', 'pods', '--as', user]).stdout.trim()).toBe(
      'no',
    );
  }, 60_000);
});
