import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Identity } from '../identity/identity.js';
import { setIdentity } from '../identity/identity.js';
import { requestContextMiddleware } from '../http/request-context.js';
import { handle } from '../http/respond.js';
import { serve } from '../testing/http.js';
import { captureLogs } from '../testing/logs.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { auditMiddleware } from './capture.js';
import { hubOrganizationNamer } from './organization.js';
import type { OrganizationNamer } from './organization.js';
import type { AuditRecord } from './record.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// bob belongs to org-a and org-b and is working in org-b.
const bob: Identity = {
  userName: 'bob',
  userId: 'uid-bob',
  sysAdmin: false,
  organizations: [
    { name: 'org-a', uid: 'uid-a', admin: false },
    { name: 'org-b', uid: 'uid-b', admin: false },
  ],
  currentOrganization: 'org-b',
  role: 'user',
  via: 'session',
};

const names: Record<string, string> = { 'uid-a': 'org-a', 'org-a': 'org-a', 'org-b': 'org-b' };
const namer: OrganizationNamer = (reference) => names[reference];

async function recordOf(
  path: string,
  init: RequestInit = {},
  identity: Identity | null = bob,
): Promise<AuditRecord | undefined> {
  const records: AuditRecord[] = [];
  const app = express();
  app.use(requestContextMiddleware(captureLogs().logger));
  app.use(
    '/api',
    auditMiddleware((record) => records.push(record), 'nimbus.io', namer),
  );
  app.use((_req, res, next) => {
    if (identity) setIdentity(res, identity);
    next();
  });
  const iam = express.Router();
  iam.use(express.json());
  iam.get(
    '/organizations/:orgId/users',
    handle(() => []),
  );
  iam.delete(
    '/organizations/:organizationId/roles/:roleId',
    handle(() => ({})),
  );
  iam.post(
    '/groups',
    handle(() => ({})),
  );
  app.use('/api/v1/iam.nimbus.io', iam);
  const server = await serve(app);
  cleanups.push(() => server.close());
  await (await fetch(`${server.url}${path}`, init)).text();
  // The record is written on the server's 'finish', just after the client has the answer.
  await vi.waitFor(() => expect(records.length).toBeGreaterThan(0));
  return records[0];
}

describe('the organization a call acted in', () => {
  it("is the caller's current organization when the request names none", async () => {
    expect((await recordOf('/api/v1/iam.nimbus.io/nothing'))?.organization).toBe('org-b');
  });

  it('is null for an anonymous caller', async () => {
    const record = await recordOf('/api/v1/iam.nimbus.io/nothing', {}, null);
    expect(record?.organization).toBeNull();
  });

  it('is the organization a path parameter addresses, by uid or name', async () => {
    const byUid = await recordOf('/api/v1/iam.nimbus.io/organizations/uid-a/users');
    expect(byUid?.organization).toBe('org-a');
    const byName = await recordOf('/api/v1/iam.nimbus.io/organizations/org-a/roles/r1', {
      method: 'DELETE',
    });
    expect(byName?.organization).toBe('org-a');
  });

  it("is the body's organizationId, and the current one when that is unknown", async () => {
    const post = (organizationId: string): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId, name: 'ops' }),
    });
    const known = await recordOf('/api/v1/iam.nimbus.io/groups', post('uid-a'));
    expect(known?.organization).toBe('org-a');
    const unknown = await recordOf('/api/v1/iam.nimbus.io/groups', post('org-gone'));
    expect(unknown?.organization).toBe('org-b');
  });

  it('resolves uids and names from the hub cache', async () => {
    const store = createMemoryStore();
    const org = await store.organizations.apply({
      metadata: { name: 'acme' },
      spec: { cnName: 'acme', contact: 'Jane', email: 'ops@acme.example' },
    });
    const nameOf = hubOrganizationNamer(store);
    expect(nameOf(org.metadata.uid)).toBe('acme');
    expect(nameOf('acme')).toBe('acme');
    expect(nameOf('nobody')).toBeUndefined();
  });
});
