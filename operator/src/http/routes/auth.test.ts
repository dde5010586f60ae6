import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changePassword } from '../../identity/accounts.js';
import { readCredentials } from '../../identity/credentials.js';
import { LeaseRateLimiter } from '../../identity/rate-limit.js';
import { loginLimits } from '../../identity/services.js';
import { totpCode } from '../../identity/totp.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { startIdentityApp } from '../../testing/identity.js';

const auth = '/auth.nimbus.io';
const iam = '/iam.nimbus.io';
const alice = {
  userName: 'alice',
  email: 'alice@example.com',
  password: 'secret12',
  verifyPassword: 'secret12',
};

let app: IdentityTestApp;
beforeEach(async () => {
  app = await startIdentityApp({ mfaEnabled: true });
});
afterEach(async () => {
  await app.close();
});

async function login(body: Record<string, unknown>) {
  return app.call('POST', `${auth}/login`, { body });
}

async function tokenOf(userName = 'alice', password = 'secret12'): Promise<string> {
  const { body } = await login({ userName, password });
  expect(body.code).toBe(0);
  return (body.data as { token: string }).token;
}

describe('register, login and logout', () => {
  it('registers, logs in, calls a protected endpoint, logs out; the token then gets 9998', async () => {
    const registered = await app.call('POST', `${auth}/register`, { body: alice });
    expect(registered.body).toMatchObject({
      code: 0,
      data: { userName: 'alice', uuid: expect.any(String) },
    });

    const response = await fetch(`${app.url}/api/v1${auth}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'alice', password: 'secret12' }),
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('nimbus_token='))).toMatch(/HttpOnly; SameSite=Strict/);
    expect(cookies.find((c) => c.startsWith('nimbus_user_id='))).toMatch(/SameSite=Strict/);
    const { data } = (await response.json()) as { data: { token: string; userId: string } };
    expect(data.userId).toBe((registered.body.data as { uuid: string }).uuid);

    const mfa = `${iam}/users/alice/mfa`;
    expect(
      (await app.call('PUT', mfa, { token: data.token, body: { action: 'generate' } })).body.code,
    ).toBe(0);
    expect((await app.call('POST', `${auth}/logout`, { token: data.token })).body.code).toBe(0);
    const after = await app.call('PUT', mfa, { token: data.token, body: { action: 'generate' } });
    expect(after).toMatchObject({ status: 401, body: { code: 9998 } });
  });

  it('refuses a duplicate name with the SPEC message and bad input with the rule messages', async () => {
    await app.call('POST', `${auth}/register`, { body: alice });
    const duplicate = await app.call('POST', `${auth}/register`, { body: alice });
    expect(duplicate.body).toMatchObject({
      code: 1005,
      message: 'alice already existed, please change',
    });
    const invalid = await app.call('POST', `${auth}/register`, {
      body: { ...alice, userName: 'Alice', password: 'abcdef', verifyPassword: 'abcdef' },
    });
    expect(invalid.body.data).toEqual([
      { path: 'userName', message: 'Incorrect format, please re-enter' },
      {
        path: 'password',
        message: 'At least 6 digits in length as well as number and lowercase letters are required',
      },
    ]);
  });

  it('answers the same 1007 for an unknown user and a wrong password', async () => {
    await app.call('POST', `${auth}/register`, { body: alice });
    expect((await login({ userName: 'alice', password: 'wrong123' })).body).toMatchObject({
      code: 1007,
      message: 'Incorrect user name or password',
    });
    expect((await login({ userName: 'nobody', password: 'wrong123' })).body.code).toBe(1007);
  });

  it('revokes every session of the user on a password change', async () => {
    await app.call('POST', `${auth}/register`, { body: alice });
    const [first, second] = [await tokenOf(), await tokenOf()];
    await expect(
      changePassword(app.services, 'alice', 'newpass1', { oldPassword: 'wrong' }),
    ).rejects.toThrow('Incorrect user name or password');
    await changePassword(app.services, 'alice', 'newpass1', { oldPassword: 'secret12' });
    for (const token of [first, second]) {
      const { body } = await app.call('PUT', `${iam}/users/alice/mfa`, {
        token,
        body: { action: 'generate' },
      });
      expect(body.code).toBe(9998);
    }
    expect((await login({ userName: 'alice', password: 'secret12' })).body.code).toBe(1007);
    await tokenOf('alice', 'newpass1');
  });
});

describe('login rate limits', () => {
  it('blocks an account after 5 failures in the window, even with the right password', async () => {
    await app.call('POST', `${auth}/register`, { body: alice });
    for (let i = 0; i < 5; i++)
      expect((await login({ userName: 'alice', password: 'wrong123' })).body.code).toBe(1007);
    expect((await login({ userName: 'alice', password: 'secret12' })).body).toMatchObject({
      code: 1006,
    });
  });

  it('blocks an address after its failure budget across accounts (30 in production)', async () => {
    expect(loginLimits.address.max).toBe(30);
    // A smaller budget keeps the test fast; the counting is the same.
    app.services.limits.address = new LeaseRateLimiter(app.store.leases, {
      ...loginLimits.address,
      max: 3,
    });
    for (let i = 0; i < 3; i++) await login({ userName: `user-${i}`, password: 'wrong123' });
    expect((await login({ userName: 'someone-else', password: 'wrong123' })).body.code).toBe(1006);
  });
});

describe('MFA', () => {
  async function bound(): Promise<{ token: string; secret: string }> {
    await app.call('POST', `${auth}/register`, { body: alice });
    const token = await tokenOf();
    const generated = await app.call('PUT', `${iam}/users/alice/mfa`, {
      token,
      body: { action: 'generate' },
    });
    const data = generated.body.data as { qrImage: string; otpauthUrl: string };
    expect(data.qrImage).toMatch(/^data:image\/png;base64,/);
    const secret = new URL(data.otpauthUrl).searchParams.get('secret') ?? '';
    const code = await totpCode(secret, Math.floor(Date.now() / 1000));
    const bind = await app.call('PUT', `${iam}/users/alice/mfa`, {
      token,
      body: { action: 'bind', code },
    });
    expect(bind.body.code).toBe(0);
    expect(app.store.users.get('alice')?.spec.mfaEnabled).toBe(true);
    return { token, secret };
  }

  it('requires the code at login and never accepts the same code twice', async () => {
    const { secret } = await bound();
    expect((await login({ userName: 'alice', password: 'secret12' })).body.code).toBe(1008);
    expect(
      (await login({ userName: 'alice', password: 'secret12', mfaCode: '000000' })).body.code,
    ).toBe(1009);
    // The bind consumed the current step; the next step's code is the next valid one.
    const next = await totpCode(secret, Math.floor(Date.now() / 1000) + 30);
    expect(
      (await login({ userName: 'alice', password: 'secret12', mfaCode: next })).body.code,
    ).toBe(0);
    expect(
      (await login({ userName: 'alice', password: 'secret12', mfaCode: next })).body.code,
    ).toBe(1009);
  });

  it('unbinds only with a valid code, and only for the user themself', async () => {
    const { token } = await bound();
    await app.call('POST', `${auth}/register`, { body: { ...alice, userName: 'bob' } });
    const bobToken = await tokenOf('bob');
    expect(
      (
        await app.call('DELETE', `${iam}/users/alice/mfa`, {
          token: bobToken,
          body: { code: '123456' },
        })
      ).body.code,
    ).toBe(9997);
    expect(
      (await app.call('DELETE', `${iam}/users/alice/mfa`, { token, body: { code: '000000' } })).body
        .code,
    ).toBe(1009);
    const user = app.store.users.get('alice');
    if (!user) throw new Error('alice missing');
    const { mfaSecret, mfaLastStep } = await readCredentials(app.store, user);
    const code = await totpCode(mfaSecret ?? '', ((mfaLastStep ?? 0) + 1) * 30);
    expect(
      (await app.call('DELETE', `${iam}/users/alice/mfa`, { token, body: { code } })).body.code,
    ).toBe(0);
    expect(app.store.users.get('alice')?.spec.mfaEnabled).toBe(false);
  });
});
