// Walks the role catalogue: every permission must be enforced somewhere, either by the member
// clusters (its RBAC rules) or by the operator (an endpoint of the contract declaring it).
import { endpoints } from '@nimbus/api';
import type { Endpoint } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import { permissionCatalogue, permissionNames } from './catalogue.js';

const declared: Array<[string, Endpoint]> = Object.entries(endpoints);
const declaring = (permission: string) =>
  declared.filter(([, endpoint]) => endpoint.access.permission?.name === permission);

describe('the role catalogue walk', () => {
  it('finds every permission enforced by a member rule or an endpoint that declares it', () => {
    const unenforced = permissionCatalogue
      .filter((p) => p.rules.length === 0 && declaring(p.name).length === 0)
      .map((p) => p.name);
    expect(unenforced).toEqual([]);
  });

  it('declares only permissions of the catalogue', () => {
    const unknown = declared
      .map(([id, endpoint]) => [id, endpoint.access.permission?.name] as const)
      .filter(([, name]) => name !== undefined && !permissionNames.has(name));
    expect(unknown).toEqual([]);
  });

  it('declares a permission on the addressed cluster only where the path names one', () => {
    const withoutCluster = declared
      .filter(([, endpoint]) => endpoint.access.permission?.on === 'cluster')
      .filter(([, endpoint]) => !endpoint.path.includes('/clusters/:cluster'))
      .map(([id]) => id);
    expect(withoutCluster).toEqual([]);
  });

  it('holds the permissions of issue 25 to the endpoints that serve them', () => {
    const ids = (permission: string) => declaring(permission).map(([id]) => id);
    expect(ids('cost:view')).toEqual(['getCostAllocation']);
    expect(ids('cluster:view')).toEqual(['getCluster']);
    expect(ids('appstore:list')).toEqual(['listCharts', 'chartDetail', 'chartIcon']);
    expect(ids('registry:list')).toEqual(
      expect.arrayContaining(['listRegistryRepositories', 'listRepositoryTags']),
    );
    expect(ids('monitoring:view')).toEqual(
      expect.arrayContaining(['proxyMetrics', 'getValueMetrics', 'searchMetrics']),
    );
  });
});
