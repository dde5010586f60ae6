import { describe, expect, it } from 'vitest';
import type { MemberRequest } from '../../clusters/member-client.js';
import type { UserMember } from '../member-access.js';
import { deleteObject } from './delete-object.js';

function memberAnswering(answer: object): { member: UserMember; seen: MemberRequest[] } {
  const seen: MemberRequest[] = [];
  const member = {
    json: async (request: MemberRequest) => {
      seen.push(request);
      return answer;
    },
  } as unknown as UserMember;
  return { member, seen };
}

describe('deleting an object as the caller', () => {
  it('deletes in its namespace with background propagation and answers the object', async () => {
    const { member, seen } = memberAnswering({
      kind: 'PersistentVolumeClaim',
      metadata: {
        name: 'data',
        namespace: 'shop',
        deletionTimestamp: '2026-12-02T00:00:00Z',
        managedFields: [{ manager: 'kubectl' }],
      },
    });
    const deleted = await deleteObject(member, 'PersistentVolumeClaim', 'data', 'shop');
    expect(seen).toEqual([
      {
        method: 'DELETE',
        path: '/api/v1/namespaces/shop/persistentvolumeclaims/data',
        body: { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Background' },
      },
    ]);
    // Kept by its finalizer: the answer says it is going, without the member's bookkeeping.
    expect(deleted.metadata).toEqual({
      name: 'data',
      namespace: 'shop',
      deletionTimestamp: '2026-12-02T00:00:00Z',
    });
  });

  it('addresses cluster-scoped kinds by their group and escapes the name', async () => {
    const { member, seen } = memberAnswering({ kind: 'StorageClass', metadata: { name: 'a.b' } });
    await deleteObject(member, 'StorageClass', 'a.b');
    await deleteObject(member, 'Ingress', 'web/../x', 'shop');
    expect(seen.map((request) => request.path)).toEqual([
      '/apis/storage.k8s.io/v1/storageclasses/a.b',
      '/apis/networking.k8s.io/v1/namespaces/shop/ingresses/web%2F..%2Fx',
    ]);
  });

  it("answers the object's identity when the member answers a Status", async () => {
    const { member } = memberAnswering({ kind: 'Status', apiVersion: 'v1', status: 'Success' });
    expect(await deleteObject(member, 'Ingress', 'web', 'shop')).toEqual({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'web', namespace: 'shop' },
    });
    expect(await deleteObject(member, 'PersistentVolume', 'pv-1')).toEqual({
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'pv-1' },
    });
  });
});
