// Sign-in against the running operator and the real hub: sessions are Session resources,
// revocation works through the hub (kubectl delete, logout, password change), login attempts
// are counted in Leases shared by every replica before any password is hashed.
import { afterAll, describe, expect, it } from 'vitest';
import { api, login, register } from '../support/api.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import { removeUsersAndThrottling } from '../support/iam.js';
import { kubectl } from '../support/kubectl.js';

const suffix = `ises${Date.now().toString(36)}`;
/** Users this file creates, deleted at the end (their Secrets and Sessions go with them). */
const created: string[] = [];
const named = (prefix: string): string => {
  const name = `${prefix}-${suffix}`;
  created.push(name);
  return name;
};
const namespace = 'nimbus-system';
const hub = (args: string[]) => kubectl(testEnv.hubKubeconfig, args);

function hubJson<T>(args: string[]): T {
  const result = hub([...args, '-o', 'json']);
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T;
}

interface Item {
  metadata: {
    name: string;
    uid: string;
    labels?: Record<string, string>;
    ownerReferences?: { kind: string; uid: string }[];
  };
  spec?: Record<string, unknown>;
}

/** Guesses the pair rule lets through after its free 5 within `seconds` (waits 2, 4, 8 … s). */
function guessesAfterWaits(seconds: number): number {
  let guesses = 0;
  let waited = 0;
  for (let wait = 2; waited + wait <= seconds; wait *= 2) {
    waited += wait;
    guesses++;
  }
  return guesses;
}

/** A call that needs a session; whatever the iam routes answer, it is not 9998 while valid. */
const whoAmI = (userName: string, token: string) =>
  api('GET', 'iam', `/users/${userName}`, { token });

/** Whether `check` holds within the time (the shared helper, for a yes/no probe). */
const holdsWithin = async (check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> =>
  eventually(check, (held) => held, { timeoutMs, intervalMs: 200 });

afterAll(() => {
  // Every test here fails logins from 127.0.0.1; do not leave the address budget used up.
  removeUsersAndThrottling(created);
});

describe('sessions', () => {
  it('register → login → protected call → logout; the same token then gets 9998', async () => {
    const userName = named('flow');
    expect((await register(userName, 'secret12')).body.code).toBe(0);
    const { body, headers } = await login(userName, 'secret12');
    expect(body).toMatchObject({ code: 0, data: { userName, mustChangePassword: false } });
    expect(headers.getSetCookie().join('\n')).toMatch(
      /nimbus_token=[^;]+;.*HttpOnly; SameSite=Strict/,
    );
    const token = body.data.token;

    const before = await whoAmI(userName, token);
    expect(before.body.code).not.toBe(9998);
    expect((await api('POST', 'auth', '/logout', { token })).body.code).toBe(0);
    const after = await whoAmI(userName, token);
    expect(after).toMatchObject({ status: 401, body: { code: 9998 } });
  });

  it('stores each login as a Session owned by the User; deleting it revokes only that token', async () => {
    const userName = named('kubectl');
    await register(userName, 'secret12');
    const first = (await login(userName, 'secret12')).body.data;
    const second = (await login(userName, 'secret12')).body.data;
    const user = hubJson<Item>(['get', 'users.nimbus.io', userName]);
    const sessions = hubJson<{ items: Item[] }>([
      'get',
      'sessions.nimbus.io',
      '-l',
      `nimbus.io/user=${userName}`,
    ]);
    expect(sessions.items).toHaveLength(2);
    for (const session of sessions.items) {
      expect(session.spec).toMatchObject({ user: userName });
      expect(session.metadata.ownerReferences).toEqual([
        expect.objectContaining({ kind: 'User', uid: user.metadata.uid }),
      ]);
    }

    const sessionId = JSON.parse(
      Buffer.from(first.token.split('.')[1] ?? '', 'base64url').toString(),
    ).jti as string;
    expect(hub(['delete', 'sessions.nimbus.io', sessionId]).status).toBe(0);
    expect(
      await holdsWithin(async () => (await whoAmI(userName, first.token)).body.code === 9998),
    ).toBe(true);
    expect((await whoAmI(userName, second.token)).body.code).not.toBe(9998);
  });

  it('revokes every session of the user when the password changes', async () => {
    const userName = named('pwchange');
    await register(userName, 'secret12');
    const tokens = [
      (await login(userName, 'secret12')).body.data.token,
      (await login(userName, 'secret12')).body.data.token,
    ];
    const change = await api('PUT', 'iam', '/users', {
      token: tokens[0],
      body: {
        userName,
        updateType: 'password',
        oldPassword: 'secret12',
        password: 'newpass12',
        verifyPassword: 'newpass12',
      },
    });
    expect(change.body).toMatchObject({ code: 0 });
    for (const token of tokens) expect((await whoAmI(userName, token)).body.code).toBe(9998);
    const left = hubJson<{ items: Item[] }>([
      'get',
      'sessions.nimbus.io',
      '-l',
      `nimbus.io/user=${userName}`,
    ]);
    expect(left.items).toEqual([]);
    expect((await login(userName, 'secret12')).body.code).toBe(1007);
    expect((await login(userName, 'newpass12')).body.code).toBe(0);
  });
});

describe('login throttling', () => {
  it('counts a burst of concurrent guesses before hashing: 5 pass, the rest wait (1006)', async () => {
    const userName = named('limited');
    await register(userName, 'secret12');
    const startedAt = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(userName, 'wrong999')),
    );
    const burstSeconds = (performance.now() - startedAt) / 1000;
    const codes = answers.map((answer) => answer.body.code);
    // 5 free failures, then waits of 2, 4, 8 … s: a burst that took longer than the first waits
    // (a loaded machine) may rightly let that many more guesses through, never more.
    const passed = codes.filter((code) => code === 1007).length;
    expect(passed).toBeLessThanOrEqual(5 + guessesAfterWaits(burstSeconds));
    const refused = answers.filter((answer) => answer.body.code === 1006);
    expect(refused.length).toBe(answers.length - passed);
    // After n counted failures the wait is 2^(n-4) s; what is left of it when the refusal is
    // computed depends on how long the burst took, and the body and the header say the same.
    const wait = (refused[0]?.body.data as { retryAfterSeconds?: number } | null)
      ?.retryAfterSeconds;
    expect(refused[0]?.status).toBe(429);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(Math.max(2, 2 ** (passed - 4)));
    expect(refused[0]?.headers.get('Retry-After')).toBe(String(wait));
    const leases = hubJson<{ items: Item[] }>([
      'get',
      'leases',
      '-n',
      namespace,
      '-l',
      'nimbus.io/purpose=rate-limit',
    ]);
    expect(leases.items.length).toBeGreaterThan(0);
    // Names are hashes: neither the user name nor the address is written into the hub.
    expect(JSON.stringify(leases.items.map((lease) => lease.metadata.name))).not.toContain(
      userName,
    );
  });
});

describe('credentials Secret', () => {
  it('holds the argon2id hash, is owned by the User and is collected with it', async () => {
    const userName = named('secret');
    await register(userName, 'secret12');
    // The IAM controller reports the Secret in status (the spec is the author's).
    type Reported = Item & {
      status?: { credentialsSecretRef?: { name: string; namespace: string } };
    };
    const user = await eventually(
      () => hubJson<Reported>(['get', 'users.nimbus.io', userName]),
      (u) => u.status?.credentialsSecretRef !== undefined,
    );
    const ref = user.status?.credentialsSecretRef ?? { name: '', namespace: '' };
    expect(ref.namespace).toBe(namespace);
    const secret = hubJson<Item & { data: Record<string, string> }>([
      'get',
      'secret',
      '-n',
      namespace,
      ref.name,
    ]);
    expect(secret.metadata.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'User', uid: user.metadata.uid }),
    ]);
    expect(Buffer.from(secret.data.passwordHash ?? '', 'base64').toString()).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
    );
    expect(JSON.stringify(user)).not.toContain('passwordHash');

    await login(userName, 'secret12');
    expect(hub(['delete', 'users.nimbus.io', userName]).status).toBe(0);
    const gone = (args: string[]) => async () =>
      hub(['get', ...args, '--ignore-not-found', '-o', 'name']).stdout.trim() === '';
    expect(await holdsWithin(gone(['secret', '-n', namespace, ref.name]), 30_000)).toBe(true);
    expect(
      await holdsWithin(gone(['sessions.nimbus.io', '-l', `nimbus.io/user=${userName}`]), 30_000),
    ).toBe(true);
  });
});
