// The database of the store postgres phase: Debian's PostgreSQL on the node address, where the
// release's pods reach this machine (docs/testbed.md "Real nodes"), taking a password as a real
// deployment's would. Started by that phase, stopped after the uninstall.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../../../operator/src/testing/free-port.js';
import type { PostgresServer } from '../../../operator/src/testing/postgres-server.js';
import { startPostgresOnAddress } from '../../../operator/src/testing/postgres-server.js';
import { nodeAddress } from './release.js';

let server: PostgresServer | undefined;

/** Starts the server and creates database `nimbus`; the DSN the pods use (with its password). */
export async function startReleaseDatabase(): Promise<string> {
  stopReleaseDatabase();
  const started = startPostgresOnAddress({
    host: nodeAddress(),
    port: Number(await freePort()),
    password: randomBytes(12).toString('hex'),
  });
  server = started;
  const admin = new pg.Client({ connectionString: started.url });
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE nimbus');
  } finally {
    await admin.end();
  }
  const dsn = new URL(started.addressUrl);
  dsn.pathname = '/nimbus';
  return dsn.toString();
}

export function stopReleaseDatabase(): void {
  server?.stop();
  server = undefined;
}
