import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changePassword } from '../../identity/accounts.js';
import { readCredentials } from '../../identity/credentials.js';
import { LoginThrottle, loginThrottleRules } from '../../identity/login-throttle.js';
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

describe('session cookies behind a TLS-terminating proxy', () => {
  const loginVia = (headers: Record<string, string>) =>
    fetch(`${app.url}/api/v1${auth}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ userName: 'alice', password: 'secret12' }),
    });
  const codeOf = async (cookie: string, headers: Record<string, string>): Promise<number> => {
    const response = await fetch(`${app.url}/api/v1${iam}/users/alice`, {
      headers: { Cookie: cookie, ...headers },
    });
    return ((await response.json()) as { code: number }).code;
  };

  it('sets Secure __Host- cookies when a trusted proxy says https, and reads only those then', async () => {
    await app.close();
    app = await startIdentityApp({ trustProxy: 1 });
    await app.call('POST', `${auth}/register`, { body: alice });
    const https = { 'X-Forwarded-Proto': 'https' };
    const cookies = (await loginVia(https)).headers.getSetCookie();
    const token = cookies.find((c) => c.startsWith('__Host-nimbus_token='));
    expect(token).toMatch(/; Path=\/;.*HttpOnly; Secure; SameSite=Strict/);
    expect(cookies.find((c) => c.startsWith('__Host-nimbus_user_id='))).toMatch(/Secure/);
    const pair = token?.split(';')[0] ?? '';
    expect(await codeOf(pair, https)).toBe(0);
    // A cookie without the prefix (plantable from a sibling domain) does not count over TLS.
    const planted = pair.replace('__Host-', '');
    expect(await codeOf(planted, https)).toBe(9998);
  });

  it('keeps plain cookies over plain http and ignores X-Forwarded-Proto from an untrusted peer', async () => {
    await app.call('POST', `${auth}/register`, { body: alice });
    const cookies = (await loginVia({ 'X-Forwarded-Proto': 'https' })).headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('nimbus_token='))).not.toMatch(/Secure/);
    expect(cookies.some((c) => c.startsWith('__Host-'))).toBe(false);
  });
});

describe('login throttling', () => {
  let now: number;
  let hashes: number;
  beforeEach(async () => {
    // Behind one trusted proxy, so tests can choose the client address with X-Forwarded-For.
    await app.close();
    app = await startIdentityApp({ mfaEnabled: true, trustProxy: 1 });
    now = 1_000_000;
    hashes = 0;
    app.services.throttle = new LoginThrottle(app.store.leases, loginThrottleRules, () => now);
    const real = app.services.passwords;
    app.services.passwords = {
      ...real,
      verify: (password, encoded) => {
        hashes++;
        return real.verify(password, encoded);
      },
      verifyNothing: (password) => {
        hashes++;
        return real.verifyNothing(password);
      },
    };
    await app.call('POST', `${auth}/register`, { body: alice });
  });

  const fromAddress = (address: string) => ({ 'X-Forwarded-For': address });

  it('reserves before hashing: 50 concurrent wrong logins hash at most the free attempts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => login({ userName: 'alice', password: 'wrong123' })),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(hashes).toBeLessThanOrEqual(loginThrottleRules.pair.freeAttempts);
    expect(codes.filter((code) => code === 1007).length).toBe(hashes);
    expect(codes.filter((code) => code === 1006).length).toBe(50 - hashes);
  });

  it('answers 1006 with the wait in data and Retry-After; the right password works after it', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login({ userName: 'alice', password: 'wrong123' })).body.code).toBe(1007);
    const response = await fetch(`${app.url}/api/v1${auth}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'alice', password: 'secret12' }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('2');
    expect(await response.json()).toMatchObject({
      code: 1006,
      message: 'too many failed sign-in attempts, retry in 2 seconds',
      data: { retryAfterSeconds: 2 },
    });
    now += 2;
    expect((await login({ userName: 'alice', password: 'secret12' })).body.code).toBe(0);
  });

  it('lets each further failure wait longer', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const { body } = await login({ userName: 'alice', password: 'wrong123' });
      if (body.code === 1006) {
        const wait = (body.data as { retryAfterSeconds: number }).retryAfterSeconds;
        waits.push(wait);
        now += wait;
        expect((await login({ userName: 'alice', password: 'wrong123' })).body.code).toBe(1007);
      }
    }
    expect(waits).toEqual([2, 4, 8, 16]);
  });

  it("does not let a stranger's failures lock the administrator out", async () => {
    const attempt = (address: string, password: string) =>
      app.call('POST', `${auth}/login`, {
        body: { userName: 'alice', password },
        headers: fromAddress(address),
      });
    for (let i = 0; i < 40; i++) {
      await attempt('203.0.113.9', 'wrong123');
      now += 1;
    }
    expect((await attempt('203.0.113.9', 'wrong123')).body.code).toBe(1006);
    // The owner, from their own address, signs in at once.
    expect((await attempt('198.51.100.7', 'secret12')).body.code).toBe(0);
    // Sharing the stranger's address (one NAT), the owner waits out the delay, then signs in.
    const shared = await attempt('203.0.113.9', 'secret12');
    expect(shared.body.code).toBe(1006);
    now += (shared.body.data as { retryAfterSeconds: number }).retryAfterSeconds;
    expect((await attempt('203.0.113.9', 'secret12')).body.code).toBe(0);
  });

  it('delays an address that sprays many accounts, after its free attempts', async () => {
    const { freeAttempts } = loginThrottleRules.address;
    for (let i = 0; i < freeAttempts; i++)
      expect((await login({ userName: `user-${i}`, password: 'wrong123' })).body.code).toBe(1007);
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
    expect(app.store.users.get('alice')?.status?.mfaEnabled).toBe(true);
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
    expect(app.store.users.get('alice')?.status?.mfaEnabled).toBe(false);
  });
});
