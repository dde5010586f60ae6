// The manifests in config/samples/ are what a GitOps author starts from: they must apply to the
// real hub, become Valid and Ready, and give a user who can sign in.
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conditions } from '../support/iam.js';
import {
  conditionsOf,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  passwordSet,
  removeGitOpsSystemAdmin,
  signIn,
} from '../support/iam.js';
import { gitOpsCluster } from '../support/members.js';

const suffix = `samples-${Date.now().toString(36)}`;
// The samples bind these clusters; bindings apply only once they are registered in acme.
const sampleClusters = ['member-a', 'member-b'];

describe('config/samples', () => {
  const samples = fileURLToPath(new URL('../../config/samples/', import.meta.url));

  afterAll(() => {
    // Clusters first: acme's finalizer waits while a cluster still belongs to it.
    hub(['delete', 'clusters.nimbus.io', ...sampleClusters, '--ignore-not-found', '--wait=false']);
    hub(['delete', '-f', samples, '--ignore-not-found', '--wait=false']);
    removeGitOpsSystemAdmin(suffix);
  });

  it('apply with kubectl, become Valid and Ready, and let the sample user sign in', async () => {
    const applied = hub(['apply', '-f', samples]);
    expect(applied.stderr).toBe('');
    const ready = (c: Conditions) => c.Valid?.status === 'True' && c.Ready?.status === 'True';
    for (const [resource, name] of [
      ['organizations.nimbus.io', 'acme'],
      ['roles.nimbus.io', 'acme-deployer'],
      ['users.nimbus.io', 'jane.doe'],
      ['usergroups.nimbus.io', 'acme-developers'],
    ] as const) {
      expect(await conditionsOf(resource, name, ready)).toMatchObject({
        Valid: { status: 'True' },
      });
    }
    const root = await gitOpsSystemAdmin(suffix);
    for (const cluster of sampleClusters) await gitOpsCluster(root, 'acme', cluster);
    await passwordSet('jane.doe');
    const jane = await signIn('jane.doe', 'change-me-1');
    const me = expectOk(
      await jane.call<{ clusterAccess: Array<{ cluster: string; effect: string }> }>(
        'GET',
        '/users/jane.doe',
      ),
    );
    expect(me.clusterAccess.map(({ cluster, effect }) => `${cluster}=${effect}`)).toEqual([
      'member-a=Allow',
      'member-b=Deny',
    ]);
  });
});
