// The audit trail on the shared PostgreSQL store (docs/audit.md "Where records are kept"), with
// real operator processes against the test bed's hub and Debian's PostgreSQL: two replicas
// answer with each other's records without asking each other, and after both are stopped
// (scaled away, SIGTERM) a third finds every record they acknowledged.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecordViewSchema } from '@nimbus/api';
import type { AuditRecordView } from '@nimbus/api';
import type { PostgresServer } from '../../operator/src/testing/postgres-server.js';
import { startPostgres } from '../../operator/src/testing/postgres-server.js';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, removeGitOpsSystemAdmin } from '../support/iam.js';
import type { OperatorInstance } from '../support/operator.js';
import { freePort, operatorSh } from '../support/operator.js';

const suffix = `sa${Date.now().toString(36)}`;
const password = `root${suffix}1`;

let root: Session;
let server: PostgresServer | undefined;
let databaseUrl = '';
const started: OperatorInstance[] = [];

interface Replica {
  baseUrl: string;
  token: string;
}

async function startReplica(index: number): Promise<Replica> {
  const instance = { name: `shared-audit-${index}-${suffix}`, port: await freePort() };
  started.push(instance);
  await operatorSh('start', instance, {
    NIMBUS_STORE: 'postgres',
    NIMBUS_POSTGRES_URL: databaseUrl,
  });
  const baseUrl = `http://127.0.0.1:${instance.port}`;
  const login = await api<{ token: string }>('POST', 'auth', '/login', {
    baseUrl,
    body: { userName: root.userName, password },
  });
  return { baseUrl, token: expectOk(login).token };
}

async function stopReplica(index: number): Promise<void> {
  const instance = started[index];
  if (instance) await operatorSh('stop', instance);
}

interface AuditPage {
  items: AuditRecordView[];
  total: number;
  partial: boolean;
}

/** The markers of this run's refused organization creations that `replica` answers with. */
async function markersOn(replica: Replica): Promise<string[]> {
  const answer = await api<AuditPage>(
    'GET',
    'audit',
    '/records?pageSize=100&method=POST&resource=iam/organizations',
    { baseUrl: replica.baseUrl, token: replica.token },
  );
  const page = expectOk(answer);
  expect(page.partial).toBe(false);
  return page.items
    .map((item) => auditRecordViewSchema.parse(item))
    .filter((item) => item.requestBody.includes(suffix))
    .map((item) => (JSON.parse(item.requestBody) as { marker: string }).marker)
    .sort();
}

/** A change the default policy records with its body: refused, so nothing is created. */
async function refusedCreation(replica: Replica, marker: string): Promise<void> {
  const answer = await api('POST', 'iam', '/organizations', {
    baseUrl: replica.baseUrl,
    token: replica.token,
    body: { name: '', marker },
  });
  expect(answer.body.code).not.toBe(0);
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  server = startPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE audit_${suffix}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server.url);
  url.pathname = `/audit_${suffix}`;
  databaseUrl = url.toString();
}, 60_000);

afterAll(async () => {
  for (const instance of started) await operatorSh('stop', instance);
  server?.stop();
  removeGitOpsSystemAdmin(suffix);
}, 120_000);

describe('the audit trail on the shared store', () => {
  it('answers from any replica, and keeps what replicas scaled away wrote', async () => {
    const first = await startReplica(1);
    const second = await startReplica(2);
    const one = `one-${suffix}`;
    const two = `two-${suffix}`;
    await refusedCreation(first, one);
    await refusedCreation(second, two);
    // Each replica writes its own records; either answers with both, asking no other replica.
    const both = [one, two].sort();
    expect(
      await eventually(
        () => markersOn(first),
        (markers) => markers.length === 2,
      ),
    ).toEqual(both);
    expect(
      await eventually(
        () => markersOn(second),
        (markers) => markers.length === 2,
      ),
    ).toEqual(both);

    // A change acknowledged just before SIGTERM is written as the replica stops.
    const last = `last-${suffix}`;
    await refusedCreation(second, last);
    await stopReplica(0);
    await stopReplica(1);

    const third = await startReplica(3);
    expect(await markersOn(third)).toEqual([last, ...both].sort());
  }, 180_000);
});
