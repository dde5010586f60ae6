import { describe, expect, it } from 'vitest';
import { ApiError, errors } from '../core/errors.js';
import type { SecretStore } from '../hub/secrets.js';
import { captureLogs } from '../testing/logs.js';
import { createMemoryStore } from '../testing/memory-store.js';
import {
  ensureSessionKeySecret,
  loadSessionKey,
  readSessionKey,
  SessionKeyError,
} from './session-key.js';

const fileWith = (content: string) => () => Buffer.from(content);

describe('readSessionKey', () => {
  it('reads a key of at least 32 bytes, ignoring a trailing newline', () => {
    const key = readSessionKey('/k', fileWith(`${'k'.repeat(64)}\n`));
    expect(key.length).toBe(64);
  });

  it('refuses a short key', () => {
    expect(() => readSessionKey('/k', fileWith('short\n'))).toThrow(/at least 32 are required/);
  });

  it('explains a missing file', () => {
    const missing = () => {
      throw new Error('ENOENT: no such file or directory');
    };
    expect(() => readSessionKey('/nope', missing)).toThrow(SessionKeyError);
    expect(() => readSessionKey('/nope', missing)).toThrow(/NIMBUS_SESSION_KEY_FILE: ENOENT/);
  });
});

describe('ensureSessionKeySecret', () => {
  const source = { name: 'nimbus-session-key', key: 'signing-key' };

  it('creates the Secret with a 64-character random key once, then reads it, never logging it', async () => {
    const store = createMemoryStore();
    const logs = captureLogs();
    const first = await ensureSessionKeySecret(store.secrets, source, logs.logger);
    const again = await ensureSessionKeySecret(store.secrets, source, logs.logger);
    expect(first.toString()).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(again.equals(first)).toBe(true);
    const secret = store.secretRecords.get('nimbus-session-key');
    expect(secret?.data['signing-key']).toBe(first.toString());
    expect(secret?.labels).toMatchObject({ 'nimbus.io/purpose': 'session-key' });
    expect(logs.text()).not.toContain(first.toString());
    expect(logs.text()).toContain('session signing key generated into a new Secret');
  });

  it('gives two replicas starting together the same key: the loser of the create reads the winner', async () => {
    const store = createMemoryStore();
    const logs = captureLogs();
    let generated = 0;
    const generate = () => `${String(++generated)}`.repeat(40);
    const [a, b] = await Promise.all([
      ensureSessionKeySecret(store.secrets, source, logs.logger, generate),
      ensureSessionKeySecret(store.secrets, source, logs.logger, generate),
    ]);
    // Both read "absent" before either created: both generated, one create lost.
    expect(generated).toBe(2);
    expect(a?.equals(b ?? Buffer.alloc(0))).toBe(true);
    expect(logs.text()).toContain('the Secret another replica created');
  });

  it('keeps the old chart Secret: same name and key, so sessions survive the upgrade', async () => {
    const store = createMemoryStore();
    const old = 'o'.repeat(64);
    await store.secrets.create({ name: source.name, data: { [source.key]: old } });
    const key = await ensureSessionKeySecret(store.secrets, source, captureLogs().logger);
    expect(key.toString()).toBe(old);
  });

  it('never overwrites a Secret that lacks the key, and refuses a short key', async () => {
    const store = createMemoryStore();
    await store.secrets.create({ name: source.name, data: { other: 'x'.repeat(64) } });
    await expect(
      ensureSessionKeySecret(store.secrets, source, captureLogs().logger),
    ).rejects.toThrow(/exists but has no key signing-key/);
    expect(store.secretRecords.get(source.name)?.data).toEqual({ other: 'x'.repeat(64) });

    const short = createMemoryStore();
    await short.secrets.create({ name: source.name, data: { [source.key]: 'short' } });
    await expect(
      ensureSessionKeySecret(short.secrets, source, captureLogs().logger),
    ).rejects.toThrow(/at least 32 are required/);
  });
});

describe('loadSessionKey', () => {
  const source = { kind: 'secret', name: 'nimbus-session-key', key: 'signing-key' } as const;

  it('retries while the hub does not answer, then uses the Secret', async () => {
    const store = createMemoryStore();
    let failures = 2;
    const secrets: SecretStore = {
      ...store.secrets,
      get: async (name) => {
        if (failures-- > 0) throw new ApiError(errors.hubUnavailable);
        return store.secrets.get(name);
      },
    };
    const waits: number[] = [];
    const key = await loadSessionKey(source, {
      secrets,
      logger: captureLogs().logger,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(key.length).toBe(64);
    expect(waits).toEqual([1000, 2000]);
  });

  it('gives up after the attempts, and does not retry a wrong Secret', async () => {
    const down: SecretStore = {
      ...createMemoryStore().secrets,
      get: () => Promise.reject(new ApiError(errors.hubUnavailable)),
    };
    const sleep = async () => undefined;
    const logger = captureLogs().logger;
    await expect(
      loadSessionKey(source, { secrets: down, logger, sleep, attempts: 3 }),
    ).rejects.toThrow(ApiError);

    const store = createMemoryStore();
    await store.secrets.create({ name: source.name, data: { other: 'x' } });
    let slept = 0;
    await expect(
      loadSessionKey(source, { secrets: store.secrets, logger, sleep: async () => void slept++ }),
    ).rejects.toThrow(SessionKeyError);
    expect(slept).toBe(0);
  });

  it('needs a hub for a Secret source', async () => {
    await expect(
      loadSessionKey(source, { secrets: undefined, logger: captureLogs().logger }),
    ).rejects.toThrow(/no hub is configured/);
  });
});
