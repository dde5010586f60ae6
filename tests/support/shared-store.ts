// Operator replicas on the shared PostgreSQL store (docs/scaling.md), for the integration files
// that check what replicas share: Debian's PostgreSQL started for the file, a database of its
// own, and operator processes with NIMBUS_STORE=postgres signed in as the file's root user.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { PostgresServer } from '../../operator/src/testing/postgres-server.js';
import { startPostgres } from '../../operator/src/testing/postgres-server.js';
import { api } from './api.js';
import type { Session } from './iam.js';
import { expectOk } from './iam.js';
import type { OperatorInstance } from './operator.js';
import { freePort, operatorSh } from './operator.js';

export interface Replica {
  baseUrl: string;
  token: string;
}

export interface SharedStoreBed {
  /** The database's DSN, for queries of the test's own. */
  readonly url: string;
  /** Starts replica `index` on the database, signed in as `root` with `password`. */
  startReplica(index: number, root: Session, password: string): Promise<Replica>;
  stopReplica(index: number): Promise<void>;
  /** The operator process of replica `index`, once started. */
  instance(index: number): OperatorInstance;
  /** Stops every replica and the server. */
  close(): Promise<void>;
}

export async function sharedStoreBed(name: string): Promise<SharedStoreBed> {
  const server: PostgresServer = startPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const location = new URL(server.url);
  location.pathname = `/${name}`;
  const url = location.toString();
  const started = new Map<number, OperatorInstance>();
  // hack/operator.sh writes it at the first replica's start.
  const keyDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const sessionKeyFile = join(keyDir, 'session-key');
  return {
    url,
    async startReplica(index, root, password) {
      const instance = { name: `${name}-${index}`, port: await freePort() };
      started.set(index, instance);
      // One session key for all, as the chart's replicas read one Secret: a session or a list's
      // cursor from one replica is good on another.
      await operatorSh('start', instance, {
        NIMBUS_STORE: 'postgres',
        NIMBUS_POSTGRES_URL: url,
        NIMBUS_SESSION_KEY_FILE: sessionKeyFile,
      });
      const baseUrl = `http://127.0.0.1:${instance.port}`;
      const login = await api<{ token: string }>('POST', 'auth', '/login', {
        baseUrl,
        body: { userName: root.userName, password },
      });
      return { baseUrl, token: expectOk(login).token };
    },
    instance(index) {
      const instance = started.get(index);
      if (!instance) throw new Error(`replica ${index} was not started`);
      return instance;
    },
    async stopReplica(index) {
      const instance = started.get(index);
      if (instance) await operatorSh('stop', instance);
    },
    async close() {
      for (const instance of started.values()) await operatorSh('stop', instance);
      server.stop();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
