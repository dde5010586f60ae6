import { expect, it } from 'vitest';
import { allowsOnCluster, allowsOnSomeCluster } from './clusterPermissions';

const user = (sysAdminFlag: boolean, effect: 'Allow' | 'Deny', permissions: string[]) => ({
  sysAdminFlag,
  clusterAccess: [{ cluster: 'prod', effect, permissions }],
});

it('allows what the effective bindings on the cluster allow, and nothing on other clusters', () => {
  const plain = user(false, 'Allow', ['node:cordon']);
  expect(allowsOnCluster(plain, 'prod', 'node:cordon')).toBe(true);
  expect(allowsOnCluster(plain, 'prod', 'node:update')).toBe(false);
  expect(allowsOnCluster(plain, 'staging', 'node:cordon')).toBe(false);
});

it('gives system admins every permission except on clusters that deny them', () => {
  expect(allowsOnCluster(user(true, 'Allow', []), 'prod', 'namespace:delete')).toBe(true);
  expect(allowsOnCluster(user(true, 'Allow', []), 'staging', 'namespace:delete')).toBe(true);
  expect(
    allowsOnCluster(user(true, 'Deny', ['namespace:delete']), 'prod', 'namespace:delete'),
  ).toBe(false);
});

it('leaves the decision to the server while the user is not known', () => {
  expect(allowsOnCluster(undefined, 'prod', 'node:cordon')).toBe(true);
});

it('allows on some cluster what one Allow binding grants, and system admins everything', () => {
  const access = (effect: 'Allow' | 'Deny', permissions: string[]) => ({ effect, permissions });
  const plain = {
    sysAdminFlag: false,
    clusterAccess: [
      { cluster: 'prod', ...access('Deny', ['configmap:create']) },
      { cluster: 'test', ...access('Allow', ['configmap:list']) },
    ],
  };
  expect(allowsOnSomeCluster(plain, 'configmap:list')).toBe(true);
  // A Deny binding grants nothing, whatever it lists.
  expect(allowsOnSomeCluster(plain, 'configmap:create')).toBe(false);
  expect(allowsOnSomeCluster({ sysAdminFlag: true, clusterAccess: [] }, 'configmap:create')).toBe(
    true,
  );
  expect(allowsOnSomeCluster(undefined, 'configmap:create')).toBe(true);
});
