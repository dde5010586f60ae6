import { describe, expect, it } from 'vitest';
import { builtInRoleNames, builtInRoles } from './built-in-roles.js';
import { permissionCatalogue, permissionNames } from './catalogue.js';
import { rbacRulesFor } from './rbac.js';

const role = (name: string) => builtInRoles.find((r) => r.name === name)?.permissions ?? [];

describe('permission catalogue', () => {
  it('names console operations as area:action, each once, with a description', () => {
    expect(permissionNames.size).toBe(permissionCatalogue.length);
    for (const p of permissionCatalogue) {
      expect(p.name).toMatch(/^[a-z]+:[a-z]+$/);
      expect(p.name.startsWith(`${p.group}:`)).toBe(true);
      expect(p.description.length).toBeGreaterThan(5);
    }
    for (const name of ['application:list', 'autoscaler:create', 'cluster:test', 'node:cordon']) {
      expect(permissionNames.has(name)).toBe(true);
    }
  });
});

describe('rbacRulesFor', () => {
  it('projects permissions onto merged RBAC rules', () => {
    expect(rbacRulesFor(['configmap:list', 'configmap:create', 'secret:list'])).toEqual([
      { apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch', 'create'] },
      { apiGroups: [''], resources: ['secrets'], verbs: ['get', 'list', 'watch'] },
    ]);
  });

  it('groups resources of one API group that share their verbs', () => {
    const rules = rbacRulesFor(['application:delete']);
    expect(rules).toContainEqual({
      apiGroups: ['apps'],
      resources: ['daemonsets', 'deployments', 'statefulsets'],
      verbs: ['delete'],
    });
  });

  it('grants nothing for hub-only and unknown permissions', () => {
    expect(rbacRulesFor(['monitoring:view', 'cluster:test', 'no:such'])).toEqual([]);
  });
});

describe('built-in roles', () => {
  it('are owner, operator, developer and read-only', () => {
    expect([...builtInRoleNames]).toEqual(['owner', 'operator', 'developer', 'read-only']);
  });

  it('give the owner every permission', () => {
    expect(role('owner')).toEqual([...permissionNames]);
  });

  it('keep read-only to reads and away from secrets', () => {
    expect(role('read-only')).toContain('application:list');
    expect(role('read-only').some((p) => /:(create|update|delete|restart|cordon)$/.test(p))).toBe(
      false,
    );
    expect(role('read-only')).not.toContain('secret:list');
    const verbs = rbacRulesFor(role('read-only')).flatMap((r) => r.verbs);
    expect(new Set(verbs)).toEqual(new Set(['get', 'list', 'watch']));
  });

  it('give the owner the namespaced kinds real charts create, without escalate or bind', () => {
    const rules = rbacRulesFor(role('owner'));
    const verbsOn = (group: string, resource: string) =>
      rules
        .filter((r) => r.apiGroups.includes(group) && r.resources.includes(resource))
        .flatMap((r) => r.verbs);
    for (const [group, resource] of [
      ['', 'serviceaccounts'],
      ['rbac.authorization.k8s.io', 'roles'],
      ['rbac.authorization.k8s.io', 'rolebindings'],
      ['networking.k8s.io', 'networkpolicies'],
      ['policy', 'poddisruptionbudgets'],
      ['autoscaling', 'horizontalpodautoscalers'],
      ['batch', 'jobs'],
    ] as const) {
      expect(verbsOn(group, resource)).toEqual(
        expect.arrayContaining(['get', 'list', 'create', 'update', 'patch', 'delete']),
      );
    }
    // Kubernetes' own escalation check must keep holding: a user binds only what she holds.
    const everyVerb = rbacRulesFor(permissionNames).flatMap((r) => r.verbs);
    for (const verb of ['escalate', 'bind', 'impersonate', '*']) {
      expect(everyVerb).not.toContain(verb);
    }
    const everyResource = rbacRulesFor(permissionNames).flatMap((r) => r.resources);
    expect(everyResource).not.toContain('clusterroles');
    expect(everyResource).not.toContain('clusterrolebindings');
  });

  it('leave Roles and RoleBindings to the owner, as Kubernetes leaves them to admin', () => {
    for (const name of ['operator', 'developer', 'read-only']) {
      expect(role(name).filter((p) => /^role(binding)?:/.test(p))).toEqual([]);
    }
    expect(role('developer')).toEqual(
      expect.arrayContaining(['serviceaccount:create', 'networkpolicy:create']),
    );
    expect(role('read-only')).toEqual(
      expect.arrayContaining(['serviceaccount:list', 'poddisruptionbudget:list']),
    );
  });

  it('let operators run but not create or delete, and developers not touch nodes', () => {
    expect(role('operator')).toContain('application:restart');
    expect(role('operator')).not.toContain('application:create');
    expect(role('operator')).not.toContain('namespace:delete');
    expect(role('developer')).toContain('application:create');
    expect(role('developer')).toContain('node:list');
    expect(role('developer')).not.toContain('node:cordon');
    expect(role('developer')).not.toContain('namespace:create');
  });
});
