// The delete calls of the listed kinds without a lifecycle of their own (pods, services,
// ingresses, claims, volumes, storage classes) against the test bed: each deletes as the calling
// user, so the member's RBAC decides: a read-only user is refused every one (9997) and nothing
// goes; a user whose role holds only service:delete deletes the service and nothing else; the
// organization's root deletes the rest, and kubectl on the member sees each gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/api.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  applyOnMember,
  atCluster,
  gitOpsRole,
  gitOpsUser,
  memberAllows,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `rd${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const ns = `rd-${suffix}`;
const readerName = `reader-${suffix}`;
const narrowName = `narrow-${suffix}`;
const narrowRole = `service-deleter-${suffix}`;
const volumeName = `pv-${suffix}`;
const className = `sc-${suffix}`;

let root: Session;
let reader: Session;
let narrow: Session;

interface Target {
  kind: string;
  /** kubectl's resource name. */
  resource: string;
  path: string;
  name: string;
  namespaced: boolean;
}
const inNs = (resource: string, kind: string): Target => ({
  kind,
  resource,
  path: `/namespaces/${ns}/${resource}/${kind.toLowerCase()}-1`,
  name: `${kind.toLowerCase()}-1`,
  namespaced: true,
});
const pod = inNs('pods', 'Pod');
const service = inNs('services', 'Service');
const ingress = inNs('ingresses', 'Ingress');
const claim = inNs('persistentvolumeclaims', 'Claim');
const volume: Target = {
  kind: 'PersistentVolume',
  resource: 'persistentvolumes',
  path: `/persistentvolumes/${volumeName}`,
  name: volumeName,
  namespaced: false,
};
const storageClass: Target = {
  kind: 'StorageClass',
  resource: 'storageclasses',
  path: `/storageclasses/${className}`,
  name: className,
  namespaced: false,
};
const targets = [pod, service, ingress, claim, volume, storageClass];

const remove = (session: Session, target: Target): Promise<ApiResponse<unknown>> =>
  atCluster(session, 'k8s', 'DELETE', cluster, target.path);

/** The object's name on the member, or '' once it is gone. */
const onMemberNow = (target: Target): string =>
  onMember('member-a', [
    'get',
    target.resource,
    target.name,
    ...(target.namespaced ? ['-n', ns] : []),
    '--ignore-not-found',
    '-o',
    'name',
  ]).stdout.trim();
const goneFromMember = (target: Target) =>
  eventually(
    () => onMemberNow(target),
    (name) => name === '',
  );

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'resource-deletes',
      contact: 'Ops',
      email: 'ops@resource-deletes.example',
    }),
  );
  onMember('member-a', ['create', 'namespace', ns]);
  applyOnMember('member-a', [
    {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: pod.name, namespace: ns },
      spec: { containers: [{ name: 'web', image: 'registry.example/web:1' }] },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: service.name, namespace: ns },
      spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: ingress.name, namespace: ns },
      spec: { defaultBackend: { service: { name: service.name, port: { number: 80 } } } },
    },
    {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: claim.name, namespace: ns },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    },
    {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: volumeName },
      spec: {
        capacity: { storage: '1Gi' },
        accessModes: ['ReadWriteOnce'],
        hostPath: { path: '/tmp/nimbus-delete' },
        storageClassName: className,
      },
    },
    {
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: { name: className },
      provisioner: 'example.com/none',
    },
  ]);
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  gitOpsRole(narrowRole, org, ['service:list', 'service:delete']);
  reader = await gitOpsUser(readerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  narrow = await gitOpsUser(narrowName, org, [{ cluster, role: narrowRole, effect: 'Allow' }]);
  for (const target of targets) {
    expect(await memberAllows('member-a', root.userName, 'delete', target.resource)).toBe('yes');
  }
  expect(await memberAllows('member-a', readerName, 'list', 'services')).toBe('yes');
  expect(await memberAllows('member-a', narrowName, 'delete', 'services')).toBe('yes');
}, 180_000);

afterAll(async () => {
  onMember('member-a', ['delete', 'namespace', ns, '--ignore-not-found', '--wait=false']);
  onMember('member-a', ['delete', 'pv', volumeName, '--ignore-not-found', '--wait=false']);
  onMember('member-a', ['delete', 'storageclass', className, '--ignore-not-found']);
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(readerName);
  removeGitOpsUser(narrowName);
  hub(['delete', 'roles.nimbus.io', narrowRole, '--ignore-not-found']);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('deleting as the caller', () => {
  it('refuses a read-only user every delete (9997) and leaves each object', async () => {
    const answers = [];
    for (const target of targets) answers.push((await remove(reader, target)).body.code);
    expect(answers).toEqual(targets.map(() => 9997));
    expect(targets.map(onMemberNow).every((name) => name !== '')).toBe(true);
  });

  it('lets a role holding only service:delete delete the service and nothing else', async () => {
    expect((await remove(narrow, claim)).body.code).toBe(9997);
    expect((await remove(narrow, storageClass)).body.code).toBe(9997);
    expect(onMemberNow(claim)).not.toBe('');

    const deleted = expectOk(await remove(narrow, service)) as { metadata: { name: string } };
    expect(deleted.metadata.name).toBe(service.name);
    expect(await goneFromMember(service)).toBe('');
  });

  it('deletes the rest for the organization root; kubectl sees each gone', async () => {
    // The claim before the volume it may be bound to, as a user would.
    for (const target of [pod, ingress, claim, volume, storageClass]) {
      const deleted = expectOk(await remove(root, target)) as {
        kind?: string;
        metadata: { name: string; managedFields?: unknown };
      };
      expect(deleted.metadata.name).toBe(target.name);
      expect(deleted.metadata.managedFields).toBeUndefined();
    }
    for (const target of [pod, ingress, claim, volume, storageClass]) {
      expect(await goneFromMember(target)).toBe('');
    }
  });

  it('answers a delete of what is not there with the not-found code', async () => {
    const again = await remove(root, storageClass);
    expect(again.body.code).toBe(1004);
    expect(again.body.message).toContain(className);
  });
});
