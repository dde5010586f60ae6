import { describe, expect, it } from 'vitest';
import { clusterObject, everyOrganization, roleObject, userObject } from '../../testing/iam.js';
import type { ClusterObject } from '../../hub/store.js';
import type { RbacInputs } from './desired-state.js';
import type { ExistingRbacObject, MemberRbacApi, RbacPlural } from './member-rbac-api.js';
import {
  desiredMonitorAccess,
  monitoringObjectName,
  projectMonitorAccess,
} from './monitor-rbac.js';

const roles = [
  roleObject('watcher', undefined, [['monitoring:view', 'allow']]),
  roleObject('nodes', undefined, [['node:list', 'allow']]),
];
const service = {
  namespace: 'monitoring',
  name: 'prometheus',
  port: 9090,
  scheme: 'http' as const,
};

function cluster(monitors: NonNullable<ClusterObject['spec']['monitors']>): ClusterObject {
  const base = clusterObject('prod', 'acme');
  return { ...base, spec: { ...base.spec, monitors } };
}

const bound = (name: string, role: string) =>
  userObject(
    name,
    { acme: false },
    { clusterPermissions: [{ cluster: 'prod', role, effect: 'Allow' }] },
  );

const inputs = (users: RbacInputs['users']): RbacInputs => ({
  users,
  groups: [],
  roles,
  organizations: everyOrganization,
});

describe('desiredMonitorAccess', () => {
  it('grants holders of monitoring:view get on exactly the Prometheus Service, in its namespace', () => {
    const prod = cluster([{ type: 'Prometheus', service, enabled: true }]);
    const access = desiredMonitorAccess(
      inputs([bound('alice', 'watcher'), bound('bob', 'nodes')]),
      prod,
    );
    expect(access?.role).toMatchObject({
      kind: 'Role',
      metadata: { name: monitoringObjectName(prod.metadata.uid), namespace: 'monitoring' },
      rules: [
        {
          apiGroups: [''],
          resources: ['services/proxy'],
          verbs: ['get'],
          resourceNames: ['http:prometheus:9090'],
        },
      ],
    });
    expect(access?.binding.subjects.map((s) => s.name)).toEqual(['nimbus:alice']);
    expect(access?.binding.roleRef).toMatchObject({
      kind: 'Role',
      name: access?.role.metadata.name,
    });
  });

  it('grants nothing for a direct address, a disabled Prometheus or nobody with the right', () => {
    const users = inputs([bound('alice', 'watcher')]);
    const direct = cluster([{ type: 'Prometheus', address: 'https://10.0.0.9', enabled: true }]);
    expect(desiredMonitorAccess(users, direct)).toBeUndefined();
    const disabled = cluster([{ type: 'Prometheus', service, enabled: false }]);
    expect(desiredMonitorAccess(users, disabled)).toBeUndefined();
    const prod = cluster([{ type: 'Prometheus', service, enabled: true }]);
    expect(desiredMonitorAccess(inputs([bound('bob', 'nodes')]), prod)).toBeUndefined();
  });
});

function fakeApi(objects: Partial<Record<RbacPlural, ExistingRbacObject[]>>) {
  const calls: string[] = [];
  const api: MemberRbacApi = {
    list: (plural) => Promise.resolve(objects[plural] ?? []),
    apply: (plural, object) => {
      calls.push(`apply ${plural} ${object.metadata.namespace}/${object.metadata.name}`);
      return Promise.resolve();
    },
    remove: (plural, name, namespace) => {
      calls.push(`remove ${plural} ${namespace}/${name}`);
      return Promise.resolve();
    },
    whoAmI: () => Promise.resolve(undefined),
    memberId: () => Promise.resolve('m'),
  };
  return { api, calls };
}

describe('projectMonitorAccess', () => {
  const prod = cluster([{ type: 'Prometheus', service, enabled: true }]);
  const uid = prod.metadata.uid;
  const name = monitoringObjectName(uid);
  const labels = { 'nimbus.io/cluster-uid': uid };
  const desired = desiredMonitorAccess(inputs([bound('alice', 'watcher')]), prod);

  it('revokes the binding of a moved Service before granting the new one, and leaves others alone', async () => {
    const old = { metadata: { name, namespace: 'old', labels } };
    const foreign = { metadata: { name: 'nimbus:other:monitoring', namespace: 'old', labels: {} } };
    const { api, calls } = fakeApi({ roles: [old, foreign], rolebindings: [old, foreign] });
    expect(await projectMonitorAccess(api, uid, desired)).toBe(4);
    expect(calls).toEqual([
      `remove rolebindings old/${name}`,
      `apply roles monitoring/${name}`,
      `apply rolebindings monitoring/${name}`,
      `remove roles old/${name}`,
    ]);
  });

  it('writes nothing when the member already holds the desired objects', async () => {
    const { api, calls } = fakeApi({
      roles: [{ ...desired?.role, metadata: { name, namespace: 'monitoring', labels } }],
      rolebindings: [{ ...desired?.binding, metadata: { name, namespace: 'monitoring', labels } }],
    } as Partial<Record<RbacPlural, ExistingRbacObject[]>>);
    expect(await projectMonitorAccess(api, uid, desired)).toBe(0);
    expect(calls).toEqual([]);
  });
});
