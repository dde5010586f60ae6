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
