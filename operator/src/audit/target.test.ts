import { describe, expect, it } from 'vitest';
import { auditTargetOf, noTarget } from './target.js';

const at = '/v1/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/local/clusters/prod';
const crdAt = at.replace('k8s.', 'crd.');

describe('auditTargetOf', () => {
  it('names the pod of an exec session, with its namespace and the subresource', () => {
    expect(
      auditTargetOf({
        apiPath: `${at}/namespaces/shop/pods/web-0/exec`,
        cluster: 'prod',
        params: { cluster: 'prod', namespace: 'shop', pod: 'web-0' },
        body: undefined,
      }),
    ).toEqual({ cluster: 'prod', namespace: 'shop', kind: 'pods/exec', name: 'web-0' });
  });

  it('names a created namespace from the body, the cluster coming from the body too', () => {
    expect(
      auditTargetOf({
        apiPath: '/v1/k8s.nimbus.io/namespaces',
        cluster: 'prod',
        params: {},
        body: { name: 'shop', cluster: 'prod' },
      }),
    ).toEqual({ cluster: 'prod', namespace: null, kind: 'namespaces', name: 'shop' });
  });

  it('names a deleted namespace and a cordoned node from the path', () => {
    expect(
      auditTargetOf({
        apiPath: `${at}/namespaces/shop`,
        cluster: 'prod',
        params: { name: 'shop' },
        body: undefined,
      }),
    ).toEqual({ cluster: 'prod', namespace: null, kind: 'namespaces', name: 'shop' });
    expect(
      auditTargetOf({
        apiPath: `${crdAt}/nodes/node-1`,
        cluster: 'prod',
        params: { node: 'node-1' },
        body: undefined,
      }),
    ).toEqual({ cluster: 'prod', namespace: null, kind: 'nodes', name: 'node-1' });
  });

  it('names a created config map and an image-registry secret from the body', () => {
    for (const collection of ['configmaps', 'registry/secrets', 'registry/pull-secrets']) {
      expect(
        auditTargetOf({
          apiPath: `/v1/k8s.nimbus.io/namespaces/shop/${collection}`,
          cluster: 'prod',
          params: { namespace: 'shop' },
          body: collection === 'configmaps' ? { metadata: { name: 'pull' } } : { name: 'pull' },
        }),
      ).toEqual({
        cluster: 'prod',
        namespace: 'shop',
        kind: collection === 'configmaps' ? 'configmaps' : 'secrets',
        name: 'pull',
      });
    }
  });

  it('names a scaled workload as kind/scale', () => {
    expect(
      auditTargetOf({
        apiPath: `${at}/namespaces/shop/deployments/web/scale`,
        cluster: 'prod',
        params: undefined,
        body: { replicas: 3 },
      }),
    ).toMatchObject({ namespace: 'shop', kind: 'deployments/scale', name: 'web' });
  });

  it('takes kind and name of the generic crd resource route from its parameters', () => {
    expect(
      auditTargetOf({
        apiPath: `${crdAt}/resources/configmaps/settings`,
        cluster: 'prod',
        params: { kind: 'configmaps', name: 'settings', namespace: 'shop' },
        body: undefined,
      }),
    ).toEqual({ cluster: 'prod', namespace: 'shop', kind: 'configmaps', name: 'settings' });
  });

  it('names the cluster itself for its detail and registration', () => {
    expect(
      auditTargetOf({
        apiPath: '/v1/manage.nimbus.io/providers/ProviderKubeconfig/clusters/prod',
        cluster: 'prod',
        params: { kind: 'ProviderKubeconfig', cluster: 'prod' },
        body: {},
      }),
    ).toEqual({ cluster: 'prod', namespace: null, kind: 'clusters', name: 'prod' });
  });

  it('has no target for calls that address no cluster', () => {
    expect(
      auditTargetOf({
        apiPath: '/v1/iam.nimbus.io/users/alice',
        cluster: undefined,
        params: { name: 'alice' },
        body: { name: 'x' },
      }),
    ).toBe(noTarget);
  });

  it('never keeps a token-looking value', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXZhbHVl';
    const target = auditTargetOf({
      apiPath: `${at}/namespaces/shop/configmaps/${jwt}`,
      cluster: 'prod',
      params: {},
      body: undefined,
    });
    expect(target.name).not.toContain(jwt);
  });

  it('names the object of a call outside any cluster from its contract path and body', () => {
    const outside = (operation: string, params: Record<string, unknown>, body?: unknown) =>
      auditTargetOf({ apiPath: '/v1/x', cluster: undefined, params, body, operation });
    expect(outside('createUser', {}, { userName: 'bert', email: 'b@x' })).toEqual({
      ...noTarget,
      kind: 'users',
      name: 'bert',
    });
    expect(outside('setUpMfa', { userName: 'bert' })).toEqual({
      ...noTarget,
      kind: 'users/mfa',
      name: 'bert',
    });
    // The organization is where a group lives, not what was deleted.
    expect(outside('deleteGroup', { orgId: 'acme', groupId: 'g-1' })).toEqual({
      ...noTarget,
      kind: 'groups',
      name: 'g-1',
    });
    expect(outside('deleteOrganization', { orgId: 'acme' })).toEqual({
      ...noTarget,
      kind: 'organizations',
      name: 'acme',
    });
    expect(outside('updateGroup', {}, { uuid: 'g-1', name: 'ops' })).toEqual({
      ...noTarget,
      kind: 'groups',
      name: 'ops',
    });
    expect(outside('createRegistry', {}, { name: 'harbor' })).toEqual({
      ...noTarget,
      kind: 'registries',
      name: 'harbor',
    });
    expect(outside('createChartSource', {}, { name: 'bitnami' })).toMatchObject({
      kind: 'chartsources',
      name: 'bitnami',
    });
    expect(outside('createAlarmRule', { orgId: 'acme' }, { name: 'cpu-high' })).toMatchObject({
      kind: 'rules',
      name: 'cpu-high',
    });
    expect(outside('expireAlarmSilence', { orgId: 'acme', name: 's-1' })).toMatchObject({
      kind: 'silences/expire',
      name: 's-1',
    });
    // A registration: the provider kind is where, the body names the cluster.
    expect(
      outside('registerCluster', { kind: 'ProviderKubeconfig' }, { name: 'member-a' }),
    ).toMatchObject({ kind: 'clusters', name: 'member-a' });
    expect(outside('unknownOperation', {}, { name: 'x' })).toBe(noTarget);
  });
});
