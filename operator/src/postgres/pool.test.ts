import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { tempDataDir } from '../testing/audit.js';
import { freePort } from '../testing/free-port.js';
import { loopbackCertificate, loopbackKey } from '../testing/loopback-tls.js';
import type { PostgresServer } from '../testing/postgres-server.js';
import { startPostgres } from '../testing/postgres-server.js';
import { openPostgresPool, postgresLocation } from './pool.js';

let server: PostgresServer;
let port = '';
const files = tempDataDir();
const ca = `${files.dir}/ca.crt`;
/** A CA that did not sign the server's certificate: the system's public roots. */
const otherCa = '/etc/ssl/certs/ca-certificates.crt';

beforeAll(async () => {
  port = await freePort();
  server = startPostgres({ cert: loopbackCertificate, key: loopbackKey, port: Number(port) });
  writeFileSync(ca, loopbackCertificate);
});

afterAll(() => {
  server.stop();
  files.remove();
});

const tcpUrl = () => `postgresql://nimbus@127.0.0.1:${port}/postgres`;
const log = createLogger('silent');

async function encrypted(caFile: string | undefined): Promise<boolean> {
  const pool = openPostgresPool({ url: tcpUrl(), caFile }, log);
  try {
    const result = await pool.query<{ ssl: boolean }>(
      'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()',
    );
    return result.rows[0]?.ssl ?? false;
  } finally {
    await pool.end();
  }
}

describe('the shared store connection', () => {
  it('speaks TLS to a server whose certificate chains to the CA file', async () => {
    expect(await encrypted(ca)).toBe(true);
  });

  it('refuses a server whose certificate the CA file did not sign', async () => {
    await expect(encrypted(otherCa)).rejects.toThrow(/self.signed|unable to verify/i);
  });

  it('is refused by a server that takes TLS only when the string asks for none', async () => {
    await expect(encrypted(undefined)).rejects.toThrow(/no encryption/);
  });

  it('names where the database is without the user or password', () => {
    expect(
      postgresLocation('postgresql://nimbus:hunter2@db.example:5432/audit?sslmode=require'),
    ).toBe('postgresql://db.example:5432/audit');
    expect(postgresLocation('postgresql://nimbus@localhost/x?host=%2Ftmp%2Fpg')).toBe(
      'postgresql:///tmp/pg/x',
    );
    expect(postgresLocation('not a url')).toBe('postgresql://(unparsable DSN)');
  });
});
