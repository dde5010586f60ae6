import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../testing/logs.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { changePassword, createUser } from './accounts.js';
import {
  bootstrapAdminCreatedMessage,
  ensureBootstrapAdmin,
  generateBootstrapPassword,
} from './bootstrap.js';
import { readCredentials } from './credentials.js';
import { meetsPasswordRule } from '@nimbus/api/shared';
import { createIdentityServices } from './services.js';

const secretName = 'nimbus-initial-admin';

function setup(store = createMemoryStore()) {
  const logs = captureLogs();
  const services = createIdentityServices({
    store,
    sessionKey: randomBytes(32),
    settings: {
      host: 'nimbus.io',
      mfaEnabled: false,
      trustProxy: false,
      sessionTtlSeconds: 600,
      initialAdminSecret: secretName,
    },
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

  it('creates admin once, with a must-change flag and the password in the initial-admin Secret, never in the log', async () => {
    const { logs, store, services } = setup();
    expect(await ensureBootstrapAdmin(services)).toBe('created');
    expect(await ensureBootstrapAdmin(services)).toBe('exists');

    const admin = store.users.get('admin');
    expect(admin?.spec.sysAdmin).toBe(true);
    if (!admin) throw new Error('admin missing');
    const credentials = await readCredentials(store, admin);
    expect(credentials.mustChangePassword).toBe(true);

    const secret = store.secretRecords.get(secretName);
    const password = secret?.data.password ?? '';
    expect(secret?.data.username).toBe('admin');
    expect(await services.passwords.verify(password, credentials.passwordHash ?? '')).toBe(true);
    expect(logs.text()).not.toContain(password);
    expect(JSON.stringify(admin)).not.toContain(password);
    const created = logs.entries().filter((entry) => entry.msg === bootstrapAdminCreatedMessage);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      level: 'warn',
      secretName: `nimbus-system/${secretName}`,
      key: 'password',
    });
  });

  it('gives replicas starting together one password: the Secret is written before the User', async () => {
    const store = createMemoryStore();
    const [a, b] = [setup(store), setup(store)];
    const outcomes = await Promise.all([
      ensureBootstrapAdmin(a.services),
      ensureBootstrapAdmin(b.services),
    ]);
    expect(outcomes.sort()).toEqual(['created', 'exists']);
    const admin = store.users.get('admin');
    if (!admin) throw new Error('admin missing');
    const { passwordHash } = await readCredentials(store, admin);
    const password = store.secretRecords.get(secretName)?.data.password ?? '';
    expect(await a.services.passwords.verify(password, passwordHash ?? '')).toBe(true);
  });

  it('uses the password a replica left in the Secret before it could create the User', async () => {
    const { store, services } = setup();
    await store.secrets.create({ name: secretName, data: { password: 'leftover1leftover' } });
    expect(await ensureBootstrapAdmin(services)).toBe('created');
    const admin = store.users.get('admin');
    if (!admin) throw new Error('admin missing');
    const { passwordHash } = await readCredentials(store, admin);
    expect(await services.passwords.verify('leftover1leftover', passwordHash ?? '')).toBe(true);
  });

  it('deletes the Secret when the admin sets a password, and only then', async () => {
    const { logs, store, services } = setup();
    await ensureBootstrapAdmin(services);
    const generated = store.secretRecords.get(secretName)?.data.password ?? '';
    // A restart while the admin still must change it keeps the Secret.
    await ensureBootstrapAdmin(services);
    expect(store.secretRecords.has(secretName)).toBe(true);

    await changePassword(services, 'admin', 'chosen123', { oldPassword: generated });
    expect(store.secretRecords.has(secretName)).toBe(false);
    expect(logs.text()).toContain('initial admin password changed; its Secret was deleted');
  });

  it('sweeps a Secret left behind after the admin changed the password', async () => {
    const { store, services } = setup();
    await ensureBootstrapAdmin(services);
    const generated = store.secretRecords.get(secretName)?.data.password ?? '';
    await changePassword(services, 'admin', 'chosen123', { oldPassword: generated });
    // The delete failed at the time (e.g. the hub was briefly down): the Secret is back.
    await store.secrets.create({ name: secretName, data: { password: generated } });
    expect(await ensureBootstrapAdmin(services)).toBe('exists');
    expect(store.secretRecords.has(secretName)).toBe(false);
  });

  it('gives an admin that must change a password nobody can read a new one in the Secret', async () => {
    // An older build created admin and only logged its password.
    const { logs, store, services } = setup();
    const admin = await createUser(services, {
      userName: 'admin',
      spec: { email: 'admin@nimbus.local', sysAdmin: true },
      password: 'logged1password',
      mustChangePassword: true,
    });
    await services.sessions.issue(admin, { mustChangePassword: true });
    expect(store.sessions.list(() => true)).toHaveLength(1);

    expect(await ensureBootstrapAdmin(services)).toBe('exists');
    const password = store.secretRecords.get(secretName)?.data.password ?? '';
    const credentials = await readCredentials(store, admin);
    expect(credentials.mustChangePassword).toBe(true);
    expect(await services.passwords.verify(password, credentials.passwordHash ?? '')).toBe(true);
    expect(await services.passwords.verify('logged1password', credentials.passwordHash ?? '')).toBe(
      false,
    );
    expect(store.sessions.list(() => true)).toHaveLength(0);
    expect(logs.text()).not.toContain(password);

    // The next start finds the Secret's password working and changes nothing.
    await ensureBootstrapAdmin(services);
    expect(store.secretRecords.get(secretName)?.data.password).toBe(password);
  });

  it('keeps the Secret while the admin exists without credentials (another replica is writing them)', async () => {
    const { store, services } = setup();
    await store.users.create({
      metadata: { name: 'admin' },
      spec: { email: 'admin@nimbus.local', sysAdmin: true },
    });
    await store.secrets.create({ name: secretName, data: { password: 'inflight1inflight' } });
    expect(await ensureBootstrapAdmin(services)).toBe('exists');
    expect(store.secretRecords.has(secretName)).toBe(true);
  });

  it('creates nothing when a system administrator exists', async () => {
    const { logs, store, services } = setup();
    await store.users.create({
      metadata: { name: 'root' },
      spec: { email: 'root@example.com', sysAdmin: true },
    });
    expect(await ensureBootstrapAdmin(services)).toBe('exists');
    expect(store.users.get('admin')).toBeUndefined();
    expect(store.secretRecords.has(secretName)).toBe(false);
    expect(logs.text()).not.toContain(bootstrapAdminCreatedMessage);
  });
});
