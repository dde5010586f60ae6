import { describe, expect, it } from 'vitest';
import { refusedCluster } from './refusedCluster';

describe('refusedCluster', () => {
  it('finds the cluster a member route or a registration path names', () => {
    expect(
      refusedCluster('/api/v1/crd.nimbus.io/vendors/V/regions/r/clusters/prod/nodes/n?x=1'),
    ).toEqual({ cluster: 'prod' });
    expect(refusedCluster('/api/v1/manage.nimbus.io/providers/K/clusters/my%20c')).toEqual({
      cluster: 'my c',
    });
  });

  it('finds none in other paths or in a query', () => {
    expect(refusedCluster('/api/v1/iam.nimbus.io/users')).toEqual({});
    expect(refusedCluster('/api/v1/iam.nimbus.io/users?next=/clusters/prod')).toEqual({});
    expect(refusedCluster('/api/v1/crd.nimbus.io/vendors/V/regions/r/clusters/%E0%A4%A')).toEqual(
      {},
    );
  });
});
