import { endpointMethods } from '@nimbus/api/shared';
import { describe, expect, it } from 'vitest';
import { endpointPattern } from '../apiClient/endpointUrl';
import { DELETABLE_KINDS, deletePermissions, deleteRequest } from './deleteCalls';

const place = { vendor: 'aws', region: 'eu-west-1', cluster: 'prod' };

describe('the delete call of each deletable kind', () => {
  it('is a DELETE of the contract naming the object', () => {
    const calls = DELETABLE_KINDS.map((kind) => {
      const request = deleteRequest({ kind, ...place, namespace: 'shop', name: 'web.1' });
      const ids = Object.entries(endpointMethods)
        .filter(([, method]) => method === 'DELETE')
        .map(([id]) => id as keyof typeof endpointMethods)
        .filter((id) => endpointPattern(id).test(request.url.split('?')[0] ?? ''));
      return { kind, method: request.method, url: request.url, ids };
    });
    for (const call of calls) {
      expect(call.method).toBe('DELETE');
      expect(call.url).toContain('/vendors/aws/regions/eu-west-1/clusters/prod/');
      expect(call.url.endsWith('/web.1')).toBe(true);
      expect(call.ids.length, call.kind).toBeGreaterThan(0);
    }
    const byKind = Object.fromEntries(calls.map((call) => [call.kind, call.ids[0]]));
    expect(byKind).toMatchObject({
      Deployment: 'deleteWorkload',
      Job: 'deleteWorkload',
      Pod: 'deletePod',
      ConfigMap: 'deleteConfigMap',
      Secret: 'deleteSecret',
      Namespace: 'deleteNamespace',
      PersistentVolume: 'deletePersistentVolume',
      StorageClass: 'deleteStorageClass',
    });
    // Cluster-scoped kinds name no namespace, whatever the caller passed.
    for (const kind of ['Namespace', 'PersistentVolume', 'StorageClass'] as const) {
      expect(deleteRequest({ kind, ...place, namespace: 'shop', name: 'x' }).url).not.toContain(
        'shop',
      );
    }
  });

  it("needs the kind group's delete permission, and for pods restart will do", () => {
    expect(deletePermissions('Service')).toEqual(['service:delete']);
    expect(deletePermissions('CronJob')).toEqual(['application:delete']);
    expect(deletePermissions('PersistentVolumeClaim')).toEqual(['persistentvolumeclaim:delete']);
    expect(deletePermissions('Pod')).toEqual(['application:delete', 'application:restart']);
  });
});
