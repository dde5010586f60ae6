import { describe, expect, it } from 'vitest';
import {
  clusterObject,
  groupObject,
  orgObject,
  readerOf,
  roleObject,
  userObject,
} from '../../testing/iam.js';
import { conditionsDiffer, condition, fine, mergeConditions, wrong } from './conditions.js';
import { WorkQueue } from './queue.js';
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
    expect(validateUser(reader, user, 'nimbus-system')).toEqual(
      wrong(
        'OrganizationNotFound',
        'organization ghost does not exist; role nope (cluster c) does not exist',
      ),
    );
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
    expect(verdict).toEqual(
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

describe('status conditions', () => {
  const t0 = new Date('2030-01-01T00:00:00Z');
  const t1 = new Date('2030-01-01T00:05:00Z');

  it('move lastTransitionTime only when the status flips, and keep foreign conditions', () => {
    const first = mergeConditions([], [condition('Valid', fine('Ok', 'fine'), 1)], t0);
    expect(first).toEqual([
      {
        type: 'Valid',
        status: 'True',
        observedGeneration: 1,
        reason: 'Ok',
        message: 'fine',
        lastTransitionTime: t0.toISOString(),
      },
    ]);
    const same = mergeConditions(first, [condition('Valid', fine('Ok', 'fine'), 1)], t1);
    expect(conditionsDiffer(first, same)).toBe(false);
    const other = { ...first[0], type: 'Synced' } as (typeof first)[number];
    const flipped = mergeConditions(
      [...first, other],
      [condition('Valid', wrong('Bad', 'no'), 2)],
      t1,
    );
    expect(flipped.map((c) => [c.type, c.status, c.lastTransitionTime])).toEqual([
      ['Synced', 'True', t0.toISOString()],
      ['Valid', 'False', t1.toISOString()],
    ]);
  });
});

describe('WorkQueue', () => {
  it('runs a key once however often it is added while waiting', async () => {
    const seen: string[] = [];
    const queue = new WorkQueue(async (key) => (seen.push(key), undefined), {}, 1);
    queue.add('busy');
    queue.add('a');
    queue.add('b');
    queue.add('a');
    await queue.idle();
    expect(seen).toEqual(['busy', 'a', 'b']);
  });

  it('runs a key again when it changed while being processed', async () => {
    let runs = 0;
    const queue: WorkQueue = new WorkQueue(async () => {
      runs++;
      if (runs === 1) queue.add('a');
      return undefined;
    });
    queue.add('a');
    await queue.idle();
    expect(runs).toBe(2);
  });

  it('retries a failing key with growing delays, then forgets the failures', async () => {
    const delays: number[] = [];
    let attempts = 0;
    const done = new Promise<void>((resolve) => {
      const queue = new WorkQueue(
        async () => {
          attempts++;
          if (attempts < 4) throw new Error('hub down');
          resolve();
          return undefined;
        },
        { baseDelayMs: 5, maxDelayMs: 15, onError: (_key, _error, delay) => delays.push(delay) },
      );
      queue.add('k');
    });
    await done;
    expect(delays).toEqual([5, 10, 15]);
  });
});
