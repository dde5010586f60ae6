// The audit trail on the shared PostgreSQL store (docs/audit.md "Where records are kept"), with
// real operator processes against the test bed's hub and Debian's PostgreSQL: two replicas
// answer with each other's records without asking each other, and after both are stopped
// (scaled away, SIGTERM) a third finds every record they acknowledged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRecordViewSchema } from '@nimbus/api';
import type { AuditRecordView } from '@nimbus/api';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, removeGitOpsSystemAdmin } from '../support/iam.js';
import type { Replica, SharedStoreBed } from '../support/shared-store.js';
import { sharedStoreBed } from '../support/shared-store.js';

const suffix = `sa${Date.now().toString(36)}`;
const password = `root${suffix}1`;

let root: Session;
let bed: SharedStoreBed | undefined;

const startReplica = (index: number): Promise<Replica> => {
  if (!bed) throw new Error('no shared store');
  return bed.startReplica(index, root, password);
};

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
  bed = await sharedStoreBed(`audit_${suffix}`);
}, 60_000);

afterAll(async () => {
  await bed?.close();
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
    await bed?.stopReplica(1);
    await bed?.stopReplica(2);

    const third = await startReplica(3);
    expect(await markersOn(third)).toEqual([last, ...both].sort());
  }, 180_000);
});
