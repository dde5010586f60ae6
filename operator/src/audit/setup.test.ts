import { KubeConfig } from '@kubernetes/client-node';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { sampleRecord, tempDataDir } from '../testing/audit.js';
import { captureLogs } from '../testing/logs.js';
import { createTestDatabase } from '../testing/postgres-database.js';
import { defaultAuditPolicy } from './policy.js';
import { choosePeers, openOperatorAudit } from './setup.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const config = (env: Record<string, string>) =>
  parseConfig({ NIMBUS_SESSION_KEY_FILE: '/dev/null', ...env }, () => '0.0.0');

describe('choosing audit peers', () => {
  it('uses NIMBUS_AUDIT_PEERS as given', async () => {
    const peers = choosePeers(
      config({ NIMBUS_AUDIT_PEERS: 'http://10.0.0.2:8080,http://10.0.0.3:8080' }),
      undefined,
    );
    expect(await peers()).toEqual(['http://10.0.0.2:8080', 'http://10.0.0.3:8080']);
  });

  it('has no peers without a list, or without a hub connection for the peer Service', async () => {
    expect(await choosePeers(config({}), new KubeConfig())()).toEqual([]);
    expect(
      await choosePeers(config({ NIMBUS_AUDIT_PEER_SERVICE: 'nimbus-peers' }), undefined)(),
    ).toEqual([]);
  });
});

describe('opening the audit trail the configuration names', () => {
  const deps = () => ({
    logger: captureLogs().logger,
    registry: new Registry(),
    kubeConfig: undefined,
    sessionSigningKey: Buffer.from('k'.repeat(40)),
    policy: defaultAuditPolicy,
  });

  it('keeps records in the shared database, asks no peer and serves no peer endpoint', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const data = tempDataDir();
    cleanups.push(data.remove);
    const env = {
      NIMBUS_DATA_DIR: data.dir,
      NIMBUS_STORE: 'postgres',
      NIMBUS_POSTGRES_URL: database.url,
      NIMBUS_AUDIT_PEERS: 'http://127.0.0.1:1',
    };
    const trail = await openOperatorAudit(config(env), deps());
    cleanups.push(() => trail.close());
    expect(trail.store.shared).toBe(true);
    expect(trail.peerKey).toBeUndefined();
    trail.sink(sampleRecord({ id: 'shared-1' }));
    await trail.writer.flush();
    const page = await trail.search({}, 1, 10, captureLogs().logger);
    expect(page).toMatchObject({ total: 1, partial: false });
    // A second replica opening the same database finds the schema in place and the record.
    const other = await openOperatorAudit(config(env), deps());
    cleanups.push(() => other.close());
    expect((await other.search({}, 1, 10, captureLogs().logger)).items.map((r) => r.id)).toEqual([
      'shared-1',
    ]);
  });

  it('stops the start when the database cannot be reached, without the password', async () => {
    const data = tempDataDir();
    cleanups.push(data.remove);
    const start = openOperatorAudit(
      config({
        NIMBUS_DATA_DIR: data.dir,
        NIMBUS_STORE: 'postgres',
        NIMBUS_POSTGRES_URL: 'postgresql://nimbus:hunter2@127.0.0.1:1/nimbus',
      }),
      deps(),
    );
    await expect(start).rejects.toThrow(/ECONNREFUSED/);
    await expect(start).rejects.not.toThrow(/hunter2/);
  });
});
