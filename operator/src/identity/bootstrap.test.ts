import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../testing/logs.js';
import { createMemoryStore } from '../testing/memory-store.js';
import {
  bootstrapPasswordMarker,
  ensureBootstrapAdmin,
  generateBootstrapPassword,
} from './bootstrap.js';
import { readCredentials } from './credentials.js';
import { meetsPasswordRule } from './rules.js';
import { createIdentityServices } from './services.js';

function setup() {
  const logs = captureLogs();
  const store = createMemoryStore();
  const services = createIdentityServices({
    store,
    sessionKey: randomBytes(32),
    settings: { host: 'nimbus.io', mfaEnabled: false, trustProxy: false, sessionTtlSeconds: 600 },
    logger: logs.logger,
  });
  return { logs, store, services };
}

describe('bootstrap admin', () => {
  it('generates 20-character passwords that meet the password rule', () => {
    for (let i = 0; i < 20; i++) {
      const password = generateBootstrapPassword();
      expect(password).toHaveLength(20);
      expect(meetsPasswordRule(password)).toBe(true);
    }
  });

  it('creates admin once, with a must-change flag and the password logged exactly once', async () => {
    const { logs, store, services } = setup();
    expect(await ensureBootstrapAdmin(services)).toBe('created');
    expect(await ensureBootstrapAdmin(services)).toBe('exists');

    const admin = store.users.get('admin');
    expect(admin?.spec.sysAdmin).toBe(true);
    if (!admin) throw new Error('admin missing');
    const credentials = await readCredentials(store, admin);
    expect(credentials.mustChangePassword).toBe(true);

    const lines = logs
      .entries()
      .filter((entry) => String(entry.msg).includes(bootstrapPasswordMarker));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('warn');
    const password = /password: (\S+)/.exec(String(lines[0]?.msg))?.[1] ?? '';
    expect(await services.passwords.verify(password, credentials.passwordHash ?? '')).toBe(true);
    expect(JSON.stringify(admin)).not.toContain(password);
  });

  it('creates nothing when a system administrator exists', async () => {
    const { logs, store, services } = setup();
    await store.users.create({
      metadata: { name: 'root' },
      spec: { email: 'root@example.com', sysAdmin: true },
    });
    expect(await ensureBootstrapAdmin(services)).toBe('exists');
    expect(store.users.get('admin')).toBeUndefined();
    expect(logs.text()).not.toContain(bootstrapPasswordMarker);
  });
});
