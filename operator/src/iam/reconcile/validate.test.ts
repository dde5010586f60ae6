import { describe, expect, it } from 'vitest';
import {
  clusterObject,
  groupObject,
  orgObject,
  readerOf,
  roleObject,
  userObject,
} from '../../testing/iam.js';
import { wrong } from '../../controllers/conditions.js';
import { validateRole, validateUser, validateUserGroup } from './validate.js';

const reader = readerOf({
  organizations: [orgObject('acme'), orgObject('m-org')],
  users: [userObject('alice', { acme: false }), userObject('olga', { globex: false })],
  roles: [
    roleObject('dev', 'acme', []),
    roleObject('m-dev', 'm-org', []),
    roleObject('read-only', undefined, []),
  ],
  clusters: [clusterObject('prod', 'acme'), clusterObject('mine', 'm-org')],
});

describe('validation of references', () => {
  it('accepts resolved references', () => {
    const user = userObject(
      'alice',
      { acme: true },
      {
        clusterPermissions: [{ cluster: 'c', role: 'read-only', effect: 'Allow' }],
      },
    );
    expect(validateUser(reader, user, 'nimbus-system')).toMatchObject({
      ok: true,
      reason: 'ReferencesResolved',
    });
  });

  it('reports a missing organization and role of a user', () => {
    const user = userObject(
      'bob',
      { ghost: false },
      {
        clusterPermissions: [{ cluster: 'c', role: 'nope', effect: 'Allow' }],
      },
    );
    expect(validateUser(reader, user, 'nimbus-system')).toEqual({
      ...wrong(
        'OrganizationNotFound',
        'organization ghost does not exist; role nope (cluster c) does not exist',
      ),
      problems: [
        { reason: 'OrganizationNotFound', message: 'organization ghost does not exist' },
        { reason: 'RoleNotFound', message: 'role nope (cluster c) does not exist' },
      ],
    });
  });

  it('refuses an initial password Secret outside the operator namespace', () => {
    const user = userObject(
      'alice',
      { acme: false },
      {
        initialPasswordSecretRef: { name: 's', namespace: 'kube-system', key: 'password' },
      },
    );
    expect(validateUser(reader, user, 'nimbus-system').reason).toBe('SecretNamespaceNotAllowed');
  });

  it('reports group members that do not exist or are not in the organization', () => {
    const group = groupObject(
      'devs',
      'acme',
      ['alice', 'olga', 'ghost'],
      [{ cluster: 'c', role: 'dev', effect: 'Allow' }],
    );
    const verdict = validateUserGroup(reader, group);
    expect(verdict.ok).toBe(false);
    expect(verdict.reason).toBe('MemberNotInOrganization');
    expect(verdict.message).toContain('user ghost does not exist');
  });

  it('reports the missing members of a group as one problem that names them', () => {
    const ghosts = Array.from({ length: 12 }, (_, i) => `ghost-${i}`);
    const verdict = validateUserGroup(
      reader,
      groupObject('devs', 'acme', ['alice', ...ghosts], []),
    );
    expect(verdict.problems).toEqual([
      {
        reason: 'MemberNotFound',
        message:
          'users ghost-0, ghost-1, ghost-2, ghost-3, ghost-4, ghost-5, ghost-6, ghost-7, ghost-8, ghost-9 and 2 more do not exist',
      },
    ]);
    const two = validateUserGroup(reader, groupObject('devs', 'acme', ['ghost-0', 'ghost-1'], []));
    expect(two.message).toBe('users ghost-0 and ghost-1 do not exist');
  });

  it("reports a group's binding on another organization's cluster, naming the clusters", () => {
    const group = groupObject(
      'm-owners',
      'm-org',
      [],
      [
        { cluster: 'prod', role: 'read-only', effect: 'Allow' },
        { cluster: 'mine', role: 'm-dev', effect: 'Allow' },
      ],
    );
    const verdict = validateUserGroup(reader, group);
    expect(verdict).toMatchObject(
      wrong(
        'BindingOutsideOrganization',
        'cluster prod belongs to organization acme, not to m-org; the binding is ignored',
      ),
    );
  });

  it("reports a user's binding on a cluster of an organization the user is not in, or with another's role", () => {
    const mallory = userObject(
      'mallory',
      { 'm-org': true },
      { clusterPermissions: [{ cluster: 'prod', role: 'read-only', effect: 'Allow' }] },
    );
    const outside = validateUser(reader, mallory, 'nimbus-system');
    expect(outside.reason).toBe('BindingOutsideOrganization');
    expect(outside.message).toContain('cluster prod');
    const foreignRole = userObject(
      'alice',
      { acme: false, 'm-org': false },
      { clusterPermissions: [{ cluster: 'prod', role: 'm-dev', effect: 'Allow' }] },
    );
    expect(validateUser(reader, foreignRole, 'nimbus-system').reason).toBe('RoleNotInOrganization');
  });

  it('reports unknown permissions and missing organizations of roles, not of built-ins', () => {
    expect(
      validateRole(reader, roleObject('x', 'ghost', [['application:list', 'allow']])).reason,
    ).toBe('OrganizationNotFound');
    expect(validateRole(reader, roleObject('y', 'acme', [['fly:away', 'allow']])).reason).toBe(
      'UnknownPermission',
    );
    expect(
      validateRole(reader, roleObject('z', undefined, [['application:list', 'allow']])).ok,
    ).toBe(true);
  });
});
