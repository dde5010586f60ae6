// Single sign-on against the test bed's real OpenID provider (oidc-provider, hack/testbed/oidc.sh):
// the authorization code flow driven over HTTP as a browser does it, users created just in time
// and linked to the provider's subject, group mappings applied (and taken back) at every sign-in,
// a state that is not this browser's refused, sign-out offering the provider's logout, the
// client secret write-only, and the IdentityProvider's CRD validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProviderView } from '@nimbus/api';
import { api, login } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { HubObject, Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsPasswordUser,
  gitOpsSystemAdmin,
  hub,
  hubJson,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  authorizeAtProvider,
  deleteProviderUser,
  finishSignIn,
  newBrowser,
  providerBody,
  putProviderUser,
  signInWithProvider,
  startSignIn,
  testbedProvider,
} from '../support/oidc.js';

const s = `sso${Date.now().toString(36)}`;
const provider = `idp-${s}`;
const org = `org-${s}`;
const developers = `developers-${s}`;
const operators = `operators-${s}`;
const carol = { name: `carol-${s}`, password: `pw-${s}-carol` };
const dave = { name: `dave-${s}`, password: `pw-${s}-dave` };
let root: Session;

interface UserView {
  userName: string;
  email: string;
  name: string;
  identityProvider?: string;
  organizations: Array<{ name: string }>;
  groupUserBindings: Array<{ name: string }>;
}

const userOf = (name: string) => hubJson<HubObject>(['get', 'users.nimbus.io', name]);
const membersOf = (group: string) =>
  (hubJson<HubObject>(['get', 'usergroups.nimbus.io', group]).spec.members as
    string[] | undefined) ?? [];

beforeAll(async () => {
  root = await gitOpsSystemAdmin(s);
  const created = expectOk(
    await root.call<{ uuid: string }>('POST', '/organizations', {
      name: org,
      cnName: org,
      contact: 'SSO',
      email: 'sso@x.example',
    }),
  );
  for (const group of [developers, operators]) {
    expectOk(
      await root.call('POST', '/groups', {
        name: group,
        organizationId: created.uuid,
        userIds: [],
        providers: [],
      }),
    );
  }
  expectOk(
    await root.call(
      'POST',
      '/identity-providers',
      providerBody(provider, {
        groupMappings: [
          { group: `dev-${s}`, organization: org, userGroup: developers },
          { group: `ops-${s}`, organization: org, userGroup: operators },
        ],
      }),
    ),
  );
  await putProviderUser(carol.name, { password: carol.password, groups: [`dev-${s}`, `ops-${s}`] });
  await putProviderUser(dave.name, { password: dave.password, groups: [] });
});

afterAll(async () => {
  await deleteProviderUser(carol.name);
  await deleteProviderUser(dave.name);
  removeGitOpsSystemAdmin(s);
  const remove = (kind: string, ...names: string[]) =>
    hub(['delete', `${kind}.nimbus.io`, ...names, '--ignore-not-found', '--wait=false']);
  remove('identityproviders', provider, `bad-${s}`);
  remove('users', carol.name, dave.name, `local-${s}`);
  remove('usergroups', developers, operators);
  remove('organizations', org);
});

describe('signing in with an OpenID provider', () => {
  it('offers the provider on the login screen, without its secret or issuer', async () => {
    const options = expectOk(
      await api<{ items: Array<Record<string, string>> }>('GET', 'auth', '/identity-providers'),
    );
    expect(options.items).toContainEqual({ name: provider, displayName: `Test bed ${provider}` });
  });

  it('creates the user at the first sign-in, linked to the subject, with the mapped groups', async () => {
    const signedIn = await signInWithProvider(newBrowser(), provider, carol);
    const session = expectOk(signedIn);
    expect(session).toMatchObject({ userName: carol.name, mustChangePassword: false });
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('nimbus_token='))).toBe(true);

    const user = userOf(carol.name);
    expect(user.spec).toMatchObject({
      email: `${carol.name}@testbed.example`,
      externalIdentity: { provider, issuer: testbedProvider.issuer, subject: carol.name },
      organizations: [{ name: org, admin: false }],
    });
    expect(membersOf(developers)).toContain(carol.name);
    expect(membersOf(operators)).toContain(carol.name);

    const view = expectOk(
      await api<UserView>('GET', 'iam', `/users/${carol.name}`, { token: session.token }),
    );
    expect(view).toMatchObject({ identityProvider: provider, userName: carol.name });
    // No local password, and no local TOTP to set up.
    expect((await login(carol.name, carol.password)).body.code).toBe(1007);
    const mfa = await api('PUT', 'iam', `/users/${carol.name}/mfa`, {
      token: session.token,
      body: { action: 'generate' },
    });
    expect(mfa.body).toMatchObject({ code: 1000 });
    expect(mfa.body.message).toContain(provider);
  });

  it('takes a group away at the next sign-in when the provider no longer lists it', async () => {
    await putProviderUser(carol.name, { password: carol.password, groups: [`dev-${s}`] });
    expectOk(await signInWithProvider(newBrowser(), provider, carol));
    expect(membersOf(developers)).toContain(carol.name);
    expect(membersOf(operators)).not.toContain(carol.name);

    // No mapped group left: the organization the provider maps goes too.
    await putProviderUser(carol.name, { password: carol.password, groups: [] });
    expectOk(await signInWithProvider(newBrowser(), provider, carol));
    expect(membersOf(developers)).not.toContain(carol.name);
    expect(userOf(carol.name).spec.organizations ?? []).toEqual([]);
  });

  it('refuses a state that is not the one this browser started with', async () => {
    const victim = newBrowser();
    const attacker = newBrowser();
    const started = expectOk(await startSignIn(attacker, provider));
    const params = await authorizeAtProvider(attacker, started.authorizationUrl, dave);
    // The victim's browser started a sign-in of its own: the attacker's answer is not its.
    expectOk(await startSignIn(victim, provider));
    const forced = await finishSignIn(victim, params);
    expect(forced.body).toMatchObject({ code: 1015 });
    expect(forced.body.message).toContain('state');
    expect(forced.headers.getSetCookie().some((c) => c.startsWith('nimbus_token='))).toBe(false);

    // A browser that started nothing has nothing to finish.
    const fresh = await finishSignIn(newBrowser(), params);
    expect(fresh.body).toMatchObject({ code: 1015 });
    // A state altered on the way back is refused too, and the attempt is used up.
    expect((await finishSignIn(attacker, { ...params, state: 'x' })).body.code).toBe(1015);
    expect((await finishSignIn(attacker, params)).body.code).toBe(1015);
  });

  it('never links a provider account to a local user of the same name', async () => {
    const local = `local-${s}`;
    await gitOpsPasswordUser(local, 'localpass1', {});
    await putProviderUser(local, { password: 'provider-pw-1', groups: [`dev-${s}`] });
    try {
      const refused = await signInWithProvider(newBrowser(), provider, {
        name: local,
        password: 'provider-pw-1',
      });
      expect(refused.body).toMatchObject({ code: 1015 });
      expect(refused.body.message).toContain('not linked');
      expect(userOf(local).spec.externalIdentity).toBeUndefined();
      expect(membersOf(developers)).not.toContain(local);
    } finally {
      await deleteProviderUser(local);
    }
  });

  it('records the sign-in like a password sign-in', async () => {
    const found = await eventually(
      async () =>
        expectOk(
          await api<{ items: Array<{ userName: string; code: number; method: string }> }>(
            'GET',
            'audit',
            `/records?pageSize=50&preset=signIns&user=${carol.name}`,
            { token: root.token },
          ),
        ).items,
      (items) => items.length > 0,
    );
    expect(found[0]).toMatchObject({ userName: carol.name, code: 0, method: 'POST' });
  });

  it('ends the Nimbus session at sign-out and offers the provider’s logout', async () => {
    const session = expectOk(await signInWithProvider(newBrowser(), provider, dave));
    const out = expectOk(
      await api<{ providerLogoutUrl?: string; providerName?: string }>('POST', 'auth', '/logout', {
        token: session.token,
      }),
    );
    const url = new URL(out.providerLogoutUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${testbedProvider.issuer}/session/end`);
    expect(url.searchParams.get('client_id')).toBe(testbedProvider.clientId);
    expect(out.providerName).toBe(`Test bed ${provider}`);
    const after = await api('GET', 'iam', `/users/${dave.name}`, { token: session.token });
    expect(after.body.code).toBe(9998);
  });
});

describe('administering identity providers', () => {
  it('never answers the client secret and wants it again for another issuer', async () => {
    const list = expectOk(
      await root.call<{ items: IdentityProviderView[] }>('GET', '/identity-providers'),
    );
    const view = list.items.find((item) => item.name === provider);
    expect(view).toMatchObject({ clientSecretSet: true, issuer: testbedProvider.issuer });
    expect(JSON.stringify(list)).not.toContain(testbedProvider.clientSecret);
    expect(view?.redirectUri).toMatch(/\/login\/callback$/);

    const { name: _name, clientSecret: _secret, ...settings } = providerBody(provider);
    const moved = await root.call('PUT', `/identity-providers/${provider}`, {
      ...settings,
      issuer: 'https://idp.elsewhere.example',
    });
    expect(moved.body).toMatchObject({ code: 1000 });
    expect(moved.text).toContain('clientSecret');
    // Unchanged issuer: the stored secret is kept.
    expectOk(
      await root.call('PUT', `/identity-providers/${provider}`, {
        ...settings,
        groupMappings: [
          { group: `dev-${s}`, organization: org, userGroup: developers },
          { group: `ops-${s}`, organization: org, userGroup: operators },
        ],
      }),
    );
    const secret = hubJson<{ data: Record<string, string> }>([
      'get',
      'secret',
      '-n',
      'nimbus-system',
      `nimbus-identity-provider-${provider}`,
    ]);
    expect(Buffer.from(secret.data.clientSecret ?? '', 'base64').toString()).toBe(
      testbedProvider.clientSecret,
    );
  });

  it('is for system administrators only', async () => {
    const member = await gitOpsPasswordUser(`plain-${s}`, 'plainpass1', {});
    try {
      expect((await member.call('GET', '/identity-providers')).body.code).toBe(9997);
    } finally {
      hub(['delete', 'users.nimbus.io', `plain-${s}`, '--ignore-not-found', '--wait=false']);
    }
  });

  it('reports Ready once the issuer’s discovery document is read', async () => {
    const ready = await eventually(
      () =>
        hubJson<HubObject>(['get', 'identityproviders.nimbus.io', provider]).status?.conditions ??
        [],
      (conditions) => conditions.some((c) => c.type === 'Ready' && c.status === 'True'),
    );
    expect(ready.find((c) => c.type === 'Ready')).toMatchObject({ reason: 'Discovered' });
  });

  it('refuses invalid providers written with kubectl', () => {
    const apply = (spec: Record<string, unknown>) =>
      hub(
        ['apply', '-f', '-'],
        JSON.stringify({
          apiVersion: 'nimbus.io/v1alpha1',
          kind: 'IdentityProvider',
          metadata: { name: `bad-${s}` },
          spec: { displayName: 'Bad', issuer: 'https://idp.example', clientId: 'c', ...spec },
        }),
      );
    const noOpenid = apply({ scopes: ['profile'] });
    expect(noOpenid.status).not.toBe(0);
    expect(noOpenid.stderr).toContain('scopes must include openid');
    const withQuery = apply({ issuer: 'https://idp.example/?tenant=x' });
    expect(withQuery.status).not.toBe(0);
    expect(withQuery.stderr).toContain('spec.issuer');
    const withUser = apply({ issuer: 'https://user@idp.example' });
    expect(withUser.status).not.toBe(0);
  });
});
