// Where one organization's administrator stops, at the HTTP boundary: the contact data of a user
// who is also in another organization, bindings of another organization in a general update, and
// the bindings a removed member leaves behind.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../identity/accounts.js';
import type { IdentityTestApp } from '../testing/identity.js';
import { startIdentityApp } from '../testing/identity.js';
import { clusterObject } from '../testing/iam.js';

const iam = '/iam.nimbus.io';
const password = 'secret12';

let app: IdentityTestApp;
beforeEach(async () => {
  app = await startIdentityApp();
  const { store } = app;
  for (const name of ['acme', 'globex']) {
    await store.organizations.create({
      metadata: { name },
      spec: { cnName: name, contact: 'ops', email: `ops@${name}.example` },
    });
  }
  await store.roles.create({
    metadata: { name: 'read-only' },
    spec: { builtIn: true, permissions: [{ name: 'node:list', effect: 'Allow' }] },
  });
  for (const [name, org] of [
    ['acme-prod', 'acme'],
    ['globex-prod', 'globex'],
  ] as const) {
    const { metadata, spec } = clusterObject(name, org);
    await store.clusters.create({ metadata: { name, labels: metadata.labels ?? {} }, spec });
  }
  const member = (name: string, orgs: Array<[string, boolean]>) =>
    createUser(app.services, {
      userName: name,
      spec: {
        email: `${name}@example.com`,
        organizations: orgs.map(([org, admin]) => ({ name: org, admin })),
      },
      password,
    });
  // alice administers acme and is a plain member of globex; ann administers both.
  await member('alice', [
    ['acme', true],
    ['globex', false],
  ]);
  await member('ann', [
    ['acme', true],
    ['globex', true],
  ]);
  await member('bob', [
    ['acme', false],
    ['globex', false],
  ]);
  await store.users.modify('bob', (spec) => ({
    ...spec,
    clusterPermissions: [
      { cluster: 'acme-prod', role: 'read-only', effect: 'Allow' },
      { cluster: 'globex-prod', role: 'read-only', effect: 'Allow' },
      { cluster: 'not-yet-registered', role: 'read-only', effect: 'Allow' },
    ],
  }));
});
afterEach(async () => {
  await app.close();
});

async function tokenOf(userName: string): Promise<string> {
  const { body } = await app.call('POST', '/auth.nimbus.io/login', {
    body: { userName, password },
  });
  return (body.data as { token: string }).token;
}

const update = async (caller: string, body: Record<string, unknown>) =>
  (
    await app.call('PUT', `${iam}/users`, {
      token: await tokenOf(caller),
      body: { updateType: 'general', userName: 'bob', ...body },
      headers: { 'X-Nimbus-Requested-With': 'test' },
    })
  ).body;

const bindingsOfBob = () => app.store.users.get('bob')?.spec.clusterPermissions ?? [];

describe("another organization's member", () => {
  it('keeps their email and display name from an administrator of only one of their organizations', async () => {
    expect((await update('alice', { email: 'bob@attacker.example' })).code).toBe(9997);
    expect((await update('alice', { name: 'Robert' })).code).toBe(9997);
    expect(app.store.users.get('bob')?.spec.email).toBe('bob@example.com');
    expect((await update('ann', { email: 'bob@new.example' })).code).toBe(0);
    expect(app.store.users.get('bob')?.spec.email).toBe('bob@new.example');
  });

  it('has bindings changed only in the organization a general update addresses', async () => {
    const acmeOnly = [{ cluster: 'acme-prod', roleId: 'read-only', effect: 'Deny' }];
    const changeBoth = [
      ...acmeOnly,
      { cluster: 'globex-prod', roleId: 'read-only', effect: 'Deny' },
    ];
    const refused = await update('ann', { organizationId: 'acme', providers: changeBoth });
    expect(refused).toMatchObject({
      code: 1000,
      message: expect.stringContaining('globex-prod belongs to organization globex'),
    });
    // Left out, globex's binding stays; the console echoes the unregistered one as it is.
    const echoed = [...acmeOnly, { cluster: 'not-yet-registered', roleId: 'read-only' }];
    expect((await update('ann', { organizationId: 'acme', providers: echoed })).code).toBe(0);
    expect(bindingsOfBob()).toEqual([
      { cluster: 'acme-prod', role: 'read-only', effect: 'Deny' },
      { cluster: 'globex-prod', role: 'read-only', effect: 'Allow' },
      { cluster: 'not-yet-registered', role: 'read-only', effect: 'Allow' },
    ]);
  });
});

describe('removing a member from an organization', () => {
  it("removes their own bindings on the organization's clusters, so a re-join revives none", async () => {
    const removed = await app.call('DELETE', `${iam}/organizations/acme/users/bob`, {
      token: await tokenOf('alice'),
      headers: { 'X-Nimbus-Requested-With': 'test' },
    });
    expect(removed.body.code).toBe(0);
    expect(app.store.users.get('bob')?.spec.organizations).toEqual([
      { name: 'globex', admin: false },
    ]);
    expect(bindingsOfBob()).toEqual([
      { cluster: 'globex-prod', role: 'read-only', effect: 'Allow' },
      { cluster: 'not-yet-registered', role: 'read-only', effect: 'Allow' },
    ]);
  });
});
