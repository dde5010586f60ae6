import { describe, expect, it } from 'vitest';
import type { MemberClusterRoleBinding, MemberRbac } from './desired-state.js';
import { changeCount, plan } from './plan.js';

const uid = 'c1';
const labels = { 'app.kubernetes.io/managed-by': 'nimbus', 'nimbus.io/cluster-uid': uid };
const binding = (name: string, users: string[]): MemberClusterRoleBinding => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRoleBinding',
  metadata: { name: `nimbus:${uid}:${name}`, labels },
  roleRef: {
    apiGroup: 'rbac.authorization.k8s.io',
    kind: 'ClusterRole',
    name: `nimbus:${uid}:${name}`,
  },
  subjects: users.map((u) => ({ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: u })),
});
const desired = (bindings: MemberClusterRoleBinding[]): MemberRbac => ({
  clusterRoles: [],
  clusterRoleBindings: bindings,
});

describe('plan', () => {
  it('writes a shared binding that loses a subject before any binding that grants', () => {
    const existing = [binding('rules:dev', ['nimbus:amy', 'nimbus:bob'])];
    const steps = plan(
      desired([binding('rules:dev', ['nimbus:amy']), binding('rules:view', ['nimbus:bob'])]),
      uid,
      [],
      existing,
    );
    expect(steps.narrow.map((b) => b.metadata.name)).toEqual([`nimbus:${uid}:rules:dev`]);
    expect(steps.bindings.map((b) => b.metadata.name)).toEqual([`nimbus:${uid}:rules:view`]);
  });

  it('writes nothing for a binding that already holds the same subjects', () => {
    const steps = plan(
      desired([binding('rules:dev', ['nimbus:amy', 'nimbus:bob'])]),
      uid,
      [],
      [binding('rules:dev', ['nimbus:amy', 'nimbus:bob'])],
    );
    expect(changeCount(steps)).toBe(0);
  });
});
