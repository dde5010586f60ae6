// The throttles at the HTTP boundary, behind one trusted proxy so each test chooses the client
// address with X-Forwarded-For: IPv6 grouping, the owner's known address, registration and MFA.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IdentityTestApp } from '../testing/identity.js';
import { startIdentityApp } from '../testing/identity.js';
import { readCredentials } from './credentials.js';
import { LoginThrottle, loginThrottleRules } from './login-throttle.js';
import { totpCode } from './totp.js';

const auth = '/auth.nimbus.io';
const iam = '/iam.nimbus.io';
const alice = {
  userName: 'alice',
  email: 'alice@example.com',
  password: 'secret12',
  verifyPassword: 'secret12',
};

let app: IdentityTestApp;
let now: number;
beforeEach(async () => {
  app = await startIdentityApp({ mfaEnabled: true, trustProxy: 1 });
  now = 1_000_000;
  app.services.throttle = new LoginThrottle(app.store.leases, loginThrottleRules, () => now);
});
afterEach(async () => {
  await app.close();
});

const from = (address: string) => ({ 'X-Forwarded-For': address });
const register = (address: string, userName: string) =>
  app.call('POST', `${auth}/register`, { body: { ...alice, userName }, headers: from(address) });
const login = (address: string, password: string, mfaCode?: string) =>
  app.call('POST', `${auth}/login`, {
    body: { userName: 'alice', password, ...(mfaCode ? { mfaCode } : {}) },
    headers: from(address),
  });
const waitOf = (body: { data: unknown }): number =>
  (body.data as { retryAfterSeconds: number }).retryAfterSeconds;

describe('sign-in throttling by address group', () => {
  it('counts a whole IPv6 /64 as one address, and an IPv4-mapped address as IPv4', async () => {
    expect((await register('203.0.113.1', 'alice')).body.code).toBe(0);
    const { freeAttempts } = loginThrottleRules.pair;
    for (let host = 1; host <= freeAttempts; host++) {
      expect((await login(`2001:db8:1:2::${host.toString(16)}`, 'wrong123')).body.code).toBe(1007);
    }
    expect((await login('2001:db8:1:2:abcd::99', 'secret12')).body.code).toBe(1006);
    // Another /64 is another address.
    expect((await login('2001:db8:1:3::1', 'secret12')).body.code).toBe(0);

    for (let i = 0; i < freeAttempts; i++) {
      expect((await login('198.51.100.7', 'wrong123')).body.code).toBe(1007);
    }
    expect((await login('::ffff:198.51.100.7', 'secret12')).body.code).toBe(1006);
  });

  it("lets the owner in from an address they signed in from while strangers hold the account's delay", async () => {
    // Fewer free account-wide failures than in production, so the botnet below stays small.
    const account = { ...loginThrottleRules.account, freeAttempts: 8 };
    const rules = { ...loginThrottleRules, account };
    app.services.throttle = new LoginThrottle(app.store.leases, rules, () => now);
    expect((await register('203.0.113.1', 'alice')).body.code).toBe(0);
    expect((await login('198.51.100.7', 'secret12')).body.code).toBe(0);
    // A botnet: one wrong guess from each of many addresses, past the account's free failures.
    for (let i = 0; i <= account.freeAttempts; i++) {
      await login(`192.0.2.${i + 1}`, 'wrong123');
    }
    const stranger = await login('203.0.113.200', 'secret12');
    expect(stranger.body.code).toBe(1006);
    // The owner's known address is exempt from the account-wide rule and signs in at once.
    expect((await login('198.51.100.7', 'secret12')).body.code).toBe(0);
    // The exemption lasts the documented window only.
    now += loginThrottleRules.knownPairSeconds + 1;
    for (let i = 0; i <= account.freeAttempts; i++) {
      await login(`192.0.2.${i + 1}`, 'wrong123');
    }
    expect((await login('198.51.100.7', 'secret12')).body.code).toBe(1006);
  });
});

describe('registration throttling', () => {
  it('counts every registration of an address and delays it past the free ones', async () => {
    const { freeAttempts } = loginThrottleRules.register;
    for (let i = 0; i < freeAttempts; i++) {
      expect((await register('203.0.113.9', `user-${i}`)).body.code).toBe(0);
    }
    // Probing a taken name counts as well.
    const refused = await register('203.0.113.9', 'user-0');
    expect(refused.body).toMatchObject({
      code: 1006,
      message: `too many registrations from this address, retry in ${loginThrottleRules.register.baseDelaySeconds} seconds`,
    });
    expect(app.store.users.get('later')).toBeUndefined();
    expect((await register('198.51.100.7', 'elsewhere')).body.code).toBe(0);
    now += waitOf(refused.body);
    expect((await register('203.0.113.9', 'later')).body.code).toBe(0);
  });

  it('counts nothing for a body that fails validation', async () => {
    for (let i = 0; i < loginThrottleRules.register.freeAttempts + 5; i++) {
      const invalid = await app.call('POST', `${auth}/register`, {
        body: { ...alice, verifyPassword: 'other123' },
        headers: from('203.0.113.9'),
      });
      expect(invalid.body.code).toBe(1000);
    }
    expect((await register('203.0.113.9', 'alice')).body.code).toBe(0);
  });
});

describe('MFA code throttling', () => {
  async function bound(): Promise<{ token: string; secret: string }> {
    expect((await register('203.0.113.1', 'alice')).body.code).toBe(0);
    const signedIn = await login('203.0.113.1', 'secret12');
    const token = (signedIn.body.data as { token: string }).token;
    const generated = await app.call('PUT', `${iam}/users/alice/mfa`, {
      token,
      body: { action: 'generate' },
    });
    const { otpauthUrl } = generated.body.data as { otpauthUrl: string };
    const secret = new URL(otpauthUrl).searchParams.get('secret') ?? '';
    const code = await totpCode(secret, Math.floor(Date.now() / 1000));
    const bind = await app.call('PUT', `${iam}/users/alice/mfa`, {
      token,
      body: { action: 'bind', code },
    });
    expect(bind.body.code).toBe(0);
    return { token, secret };
  }

  async function nextCode(secret: string): Promise<string> {
    const user = app.store.users.get('alice');
    if (!user) throw new Error('alice missing');
    const { mfaLastStep } = await readCredentials(app.store, user);
    return totpCode(secret, ((mfaLastStep ?? 0) + 1) * 30);
  }

  it('delays unbinding after wrong codes, even with the right code, until the wait is over', async () => {
    const { token, secret } = await bound();
    const unbind = (code: string) =>
      app.call('DELETE', `${iam}/users/alice/mfa`, { token, body: { code } });
    for (let i = 0; i < loginThrottleRules.mfa.freeAttempts; i++) {
      expect((await unbind('000000')).body.code).toBe(1009);
    }
    const refused = await unbind(await nextCode(secret));
    expect(refused.body).toMatchObject({
      code: 1006,
      message: 'too many wrong MFA codes, retry in 2 seconds',
    });
    expect(app.store.users.get('alice')?.status?.mfaEnabled).toBe(true);
    now += waitOf(refused.body);
    expect((await unbind(await nextCode(secret))).body.code).toBe(0);
    expect(app.store.users.get('alice')?.status?.mfaEnabled).toBe(false);
  });

  it('counts wrong codes at login against the same per-user budget, from any address', async () => {
    const { secret } = await bound();
    for (let i = 0; i < loginThrottleRules.mfa.freeAttempts; i++) {
      expect((await login(`192.0.2.${i + 1}`, 'secret12', '000000')).body.code).toBe(1009);
    }
    const refused = await login('192.0.2.100', 'secret12', await nextCode(secret));
    expect(refused.body.code).toBe(1006);
    now += waitOf(refused.body);
    expect((await login('192.0.2.100', 'secret12', await nextCode(secret))).body.code).toBe(0);
  });
});
