import { describe, expect, it } from 'vitest';
import { ApiError, errors } from '../core/errors.js';
import { ConcurrencyLimiter } from './limiter.js';
import { argon2Parameters, createPasswordHasher, decodeHash, encodeHash } from './passwords.js';

describe('password hashing', () => {
  const hasher = createPasswordHasher();

  it('stores an argon2id PHC string with the OWASP parameters and a random salt', async () => {
    const first = await hasher.hash('secret12');
    const second = await hasher.hash('secret12');
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(first).not.toBe(second);
    expect(first).not.toContain('secret12');
    expect(decodeHash(first)).toMatchObject({ memory: argon2Parameters.memory, passes: 2 });
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hasher.hash('secret12');
    expect(await hasher.verify('secret12', hash)).toBe(true);
    expect(await hasher.verify('secret13', hash)).toBe(false);
    expect(await hasher.verify('', hash)).toBe(false);
  });

  it('refuses malformed hashes and hashes demanding excessive memory', async () => {
    const hash = await hasher.hash('secret12');
    const decoded = decodeHash(hash);
    if (!decoded) throw new Error('expected a decodable hash');
    const greedy = encodeHash({ ...decoded, memory: 4_000_000 });
    expect(decodeHash(greedy)).toBeUndefined();
    expect(await hasher.verify('secret12', greedy)).toBe(false);
    expect(await hasher.verify('secret12', 'plain-text')).toBe(false);
    expect(await hasher.verify('secret12', hash.replace('$argon2id$', '$argon2i$'))).toBe(false);
  });

  it('answers an unknown user after the same work, always false', async () => {
    expect(await hasher.verifyNothing('secret12')).toBe(false);
  });

  it('refuses hashing beyond the queue instead of holding memory', async () => {
    const small = createPasswordHasher({ maxConcurrent: 1, maxQueued: 1 });
    const results = await Promise.allSettled([
      small.hash('secret12'),
      small.hash('secret12'),
      small.hash('secret12'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const rejected = results[2] as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ApiError);
    expect((rejected.reason as ApiError).entry).toBe(errors.rateLimited);
  });
});

describe('ConcurrencyLimiter', () => {
  it('never runs more than maxActive tasks at once and runs queued ones in order', async () => {
    const limiter = new ConcurrencyLimiter(2, 10);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    // Each task holds its slot until the test releases it: no clock involved.
    const releases: Array<() => void> = [];
    const task = (id: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      order.push(id);
      running--;
      return id;
    };
    const all = Promise.all([1, 2, 3, 4, 5].map((id) => limiter.run(task(id))));
    while (order.length < 5) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    const results = await all;
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(limiter.activeCount).toBe(0);
    expect(limiter.queuedCount).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = new ConcurrencyLimiter(1, 0);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
