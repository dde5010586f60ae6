import { describe, expect, it } from 'vitest';
import { builtInRoles } from './built-in-roles.js';
import { indexedKinds } from '../index/kinds.js';
import { listableKinds } from './listable-kinds.js';

const roleKinds = (name: string): string[] =>
  listableKinds(builtInRoles.find((role) => role.name === name)?.permissions ?? []);

describe('listableKinds', () => {
  it('maps list permissions to the indexed kinds they project onto', () => {
    expect(listableKinds([])).toEqual([]);
    expect(listableKinds(['node:list'])).toEqual(['nodes']);
    expect(listableKinds(['event:list'])).toEqual(['events']);
    expect(listableKinds(['service:list', 'configmap:list'])).toEqual(['services', 'configmaps']);
    // In the kind table's (menu) order.
    expect(listableKinds(['application:list'])).toEqual([
      'deployments',
      'statefulsets',
      'cronjobs',
      'daemonsets',
      'pods',
      'jobs',
    ]);
  });

  it('grants nothing for permissions without the list verb or unknown names', () => {
    expect(listableKinds(['configmap:create', 'configmap:update', 'configmap:delete'])).toEqual([]);
    expect(listableKinds(['appstore:install', 'node:cordon', 'pod:logs', 'cluster:view'])).toEqual(
      [],
    );
    expect(listableKinds(['no-such:permission'])).toEqual([]);
  });

  it('gives owner every indexed kind and read-only every kind but secrets', () => {
    const every = indexedKinds.map((kind) => kind.name);
    expect(roleKinds('owner')).toEqual(every);
    expect(roleKinds('read-only')).toEqual(every.filter((kind) => kind !== 'secrets'));
  });
});
