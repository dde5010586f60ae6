import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors.js';
import {
  clusterObject,
  groupObject,
  identityOf,
  orgObject,
  readerOf,
  roleObject,
  userObject,
} from '../testing/iam.js';
import { createUserBody, generalUpdateBody } from '@nimbus/api';
import { planUserCreate, planUserUpdate } from './user-plan.js';

const root = userObject('root', {}, { sysAdmin: true });
const alice = userObject('alice', { acme: true, globex: false });
const bob = userObject(
  'bob',
  { acme: false, globex: false },
  { clusterPermissions: [{ cluster: 'globex-prod', role: 'globex-dev', effect: 'Allow' }] },
);
const reader = readerOf({
  users: [root, alice, bob],
  organizations: [orgObject('acme'), orgObject('globex')],
  roles: [
    roleObject('acme-dev', 'acme', [['application:create', 'allow']]),
    roleObject('globex-dev', 'globex', [['application:create', 'allow']]),
    roleObject('read-only', undefined, [['application:list', 'allow']]),
  ],
  groups: [groupObject('acme-ops', 'acme', []), groupObject('globex-ops', 'globex', ['bob'])],
  clusters: [
    clusterObject('acme-prod', 'acme'),
    clusterObject('shared', 'acme'),
    clusterObject('p', 'acme'),
    clusterObject('x', 'acme'),
    clusterObject('globex-prod', 'globex'),
    clusterObject('initech-prod', 'initech'),
  ],
});

function code(run: () => unknown): number | 'ok' {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return error.entry.code;
    throw error;
  }
}

const update = (caller: typeof alice, target: typeof bob, body: Record<string, unknown>) => () =>
  planUserUpdate(
    reader,
    identityOf(caller),
    target,
    generalUpdateBody.parse({ updateType: 'general', userName: target.metadata.name, ...body }),
  );

describe('planUserUpdate: mass assignment', () => {
  it('refuses sysAdminFlag from anyone but a system admin', () => {
    expect(code(update(alice, bob, { sysAdminFlag: true }))).toBe(9997);
    expect(code(update(bob, bob, { sysAdminFlag: true }))).toBe(9997);
    expect(update(root, bob, { sysAdminFlag: true })().patch).toEqual({ sysAdmin: true });
  });

  it('refuses isAdmin from a user who is not an admin of that organization', () => {
    expect(code(update(bob, bob, { organizationId: 'acme', isAdmin: true }))).toBe(9997);
    expect(code(update(alice, bob, { organizationId: 'globex', isAdmin: true }))).toBe(9997);
    expect(update(alice, bob, { organizationId: 'uid-acme', isAdmin: true })().patch).toEqual({
      membership: { org: 'acme', admin: true },
    });
  });

  it('accepts privileged fields a form echoes unchanged', () => {
    const plan = update(bob, bob, {
      name: 'Bob',
      sysAdminFlag: false,
      organizationId: 'acme',
      isAdmin: false,
      groupIds: [],
      providers: [{ cluster: 'globex-prod', roleId: 'globex-dev', effect: 'Allow' }],
    })();
    expect(plan).toEqual({ patch: { displayName: 'Bob' }, groups: { add: [], remove: [] } });
  });

  it('lets a plain user change no group or cluster binding of their own', () => {
    expect(code(update(bob, bob, { organizationId: 'acme', groupIds: ['acme-ops'] }))).toBe(9997);
    const grant = [{ cluster: 'x', roleId: 'read-only' }];
    expect(code(update(bob, bob, { providers: grant }))).toBe(9997);
  });

  it("lets an organization admin grant its roles and built-ins but keep other organizations' bindings", () => {
    const plan = update(alice, bob, {
      providers: [
        { cluster: 'acme-prod', roleId: 'uid-acme-dev' },
        { cluster: 'shared', roleId: 'read-only', effect: 'Deny' },
      ],
    })();
    expect(plan.patch.clusterPermissions).toEqual([
      { cluster: 'acme-prod', role: 'acme-dev', effect: 'Allow' },
      { cluster: 'globex-prod', role: 'globex-dev', effect: 'Allow' },
      { cluster: 'shared', role: 'read-only', effect: 'Deny' },
    ]);
  });

  it('refuses to grant or replace a role of an organization the caller does not administer', () => {
    const grantGlobex = [{ cluster: 'globex-prod', roleId: 'read-only' }];
    expect(code(update(alice, bob, { providers: grantGlobex }))).toBe(9997);
    const replace = [{ cluster: 'globex-prod', roleId: 'acme-dev' }];
    expect(code(update(alice, bob, { providers: replace }))).toBe(9997);
  });

  it("refuses an admin of another organization a binding on the cluster's organization (issue 8, reproduction 2)", () => {
    // mallory: a plain member of acme, administrator of her own m-org.
    const mallory = userObject('mallory', { acme: false, 'm-org': true });
    const owner = [{ cluster: 'acme-prod', roleId: 'read-only' }];
    expect(code(update(mallory, mallory, { providers: owner }))).toBe(9997);
  });

  it('refuses, as not existing, a cluster the caller cannot see, and a role of another organization', () => {
    const unseen = [{ cluster: 'initech-prod', roleId: 'read-only' }];
    expect(code(update(alice, bob, { providers: unseen }))).toBe(1000);
    const foreignRole = [{ cluster: 'acme-prod', roleId: 'globex-dev' }];
    expect(code(update(root, bob, { organizationId: 'acme', providers: foreignRole }))).toBe(1000);
  });

  it('refuses a binding on a cluster of an organization the user is not a member of', () => {
    const carol = userObject('carol', { globex: false });
    const grant = [{ cluster: 'globex-prod', roleId: 'read-only' }];
    const inGlobex = { organizationId: 'globex', providers: grant };
    expect(update(root, carol, inGlobex)().patch.clusterPermissions).toEqual([
      { cluster: 'globex-prod', role: 'read-only', effect: 'Allow' },
    ]);
    const acmeCluster = [{ cluster: 'p', roleId: 'read-only' }];
    expect(code(update(root, carol, { organizationId: 'globex', providers: acmeCluster }))).toBe(
      1000,
    );
  });

  it('changes bindings only on clusters of the addressed organization (one audit home per call)', () => {
    // ann administers both organizations of bob.
    const ann = userObject('ann', { acme: true, globex: true });
    const acmeGrant = { cluster: 'acme-prod', roleId: 'acme-dev' };
    const globexChange = { cluster: 'globex-prod', roleId: 'read-only' };
    const both = { organizationId: 'acme', providers: [acmeGrant, globexChange] };
    let refusal: unknown;
    try {
      update(ann, bob, both)();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      entry: { code: 1000 },
      message: expect.stringContaining('globex-prod belongs to organization globex'),
    });
    // Left out, the other organization's binding stays; echoed, it is accepted as is.
    const acmeOnly = update(ann, bob, { organizationId: 'acme', providers: [acmeGrant] })();
    expect(acmeOnly.patch.clusterPermissions).toEqual([
      { cluster: 'acme-prod', role: 'acme-dev', effect: 'Allow' },
      { cluster: 'globex-prod', role: 'globex-dev', effect: 'Allow' },
    ]);
    const inGlobex = update(ann, bob, { organizationId: 'globex', providers: [globexChange] })();
    expect(inGlobex.patch.clusterPermissions).toEqual([
      { cluster: 'globex-prod', role: 'read-only', effect: 'Allow' },
    ]);
    // A system admin without a current organization names the one it acts in.
    expect(code(update(root, bob, { providers: [globexChange] }))).toBe(1000);
  });

  it("changes another user's email or display name only with the password rule's rights", () => {
    // alice administers acme but is a plain member of globex, where bob also is.
    expect(code(update(alice, bob, { email: 'bob@evil.example' }))).toBe(9997);
    expect(code(update(alice, bob, { name: 'Robert' }))).toBe(9997);
    const ann = userObject('ann', { acme: true, globex: true });
    expect(update(ann, bob, { email: 'bob@new.example' })().patch).toEqual({
      email: 'bob@new.example',
    });
    expect(update(bob, bob, { name: 'Bobby' })().patch).toEqual({ displayName: 'Bobby' });
    const dave = userObject('dave', { acme: false });
    expect(update(alice, dave, { name: 'Dave' })().patch).toEqual({ displayName: 'Dave' });
    // Echoed unchanged, they need nothing; nor does the user name a form puts in an empty name.
    expect(update(alice, bob, { email: bob.spec.email })().patch).toEqual({});
    expect(update(alice, bob, { name: 'bob' })().patch).toEqual({ displayName: 'bob' });
  });

  it('moves group memberships only within the addressed organization', () => {
    const plan = update(alice, bob, { organizationId: 'acme', groupIds: ['acme-ops'] })();
    expect(plan.groups).toEqual({ add: ['acme-ops'], remove: [] });
    expect(code(update(alice, bob, { organizationId: 'acme', groupIds: ['globex-ops'] }))).toBe(
      1000,
    );
  });

  it('protects a system admin from changes by organization admins', () => {
    const admin = userObject('admin', { acme: false }, { sysAdmin: true });
    expect(code(update(alice, admin, { name: 'x' }))).toBe(9997);
  });

  it('refuses users outside the caller’s organizations', () => {
    const carol = userObject('carol', { globex: false });
    expect(code(update(alice, carol, { name: 'x' }))).toBe(9997);
  });
});

describe('planUserCreate', () => {
  const body = (extra: Record<string, unknown>) =>
    createUserBody.parse({
      userName: 'dave',
      email: 'dave@example.com',
      password: 'secret1',
      organizationId: 'acme',
      ...extra,
    });

  it('creates a member with the given admin flag, groups and bindings', () => {
    const plan = planUserCreate(
      reader,
      identityOf(alice),
      body({
        isAdmin: true,
        groupIds: ['acme-ops'],
        providers: [{ cluster: 'p', roleId: 'acme-dev' }],
      }),
    );
    expect(plan).toEqual({
      org: 'acme',
      spec: {
        email: 'dave@example.com',
        sysAdmin: false,
        organizations: [{ name: 'acme', admin: true }],
        clusterPermissions: [{ cluster: 'p', role: 'acme-dev', effect: 'Allow' }],
      },
      groups: ['acme-ops'],
    });
  });

  it('refuses sysAdminFlag and other organizations from an organization admin', () => {
    expect(
      code(() => planUserCreate(reader, identityOf(alice), body({ sysAdminFlag: true }))),
    ).toBe(9997);
    const globex = body({ organizationId: 'globex' });
    expect(code(() => planUserCreate(reader, identityOf(alice), globex))).toBe(9997);
    const foreignRole = body({ providers: [{ cluster: 'p', roleId: 'globex-dev' }] });
    expect(code(() => planUserCreate(reader, identityOf(alice), foreignRole))).toBe(1000);
    const foreignCluster = body({ providers: [{ cluster: 'globex-prod', roleId: 'read-only' }] });
    // alice is a plain member of globex: she may not bind its cluster.
    expect(code(() => planUserCreate(reader, identityOf(alice), foreignCluster))).toBe(9997);
    const rootCaller = identityOf(root);
    expect(code(() => planUserCreate(reader, rootCaller, foreignCluster))).toBe(1000);
  });
});
