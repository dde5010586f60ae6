import { afterEach, describe, expect, it } from 'vitest';
import type { AuditRecordView } from '../../audit/record.js';
import type { AuditTrail } from '../../audit/trail.js';
import { openAuditTrail } from '../../audit/trail.js';
import type { Identity } from '../../identity/identity.js';
import { sampleRecord, tempDataDir } from '../../testing/audit.js';
import { orgObject, readerOf } from '../../testing/iam.js';
import { serveAuditRoutes } from '../../testing/audit-routes.js';
import { captureLogs } from '../../testing/logs.js';
import { errors } from '../../core/errors.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function person(userName: string, extra: Partial<Identity> = {}): Identity {
  return {
    userName,
    userId: `uid-${userName}`,
    sysAdmin: false,
    organizations: [],
    role: 'user',
    via: 'session',
    ...extra,
  };
}

const root = person('root', { sysAdmin: true, role: 'system-admin' });
const orgAdmin = person('alice', {
  organizations: [
    { name: 'org-a', uid: 'uid-org-a', admin: true },
    { name: 'org-b', uid: 'uid-org-b', admin: false },
  ],
  role: 'organization-admin',
});
const member = person('bob', {
  organizations: [{ name: 'org-a', uid: 'uid-org-a', admin: false }],
});
// The organizations as the hub cache holds them (uid-<name>, as sampleRecord stamps them).
const current = readerOf({ organizations: [orgObject('org-a'), orgObject('org-b')] }).organizations;

/** The real route and trail behind a stand-in for the auth middleware. */
async function start(
  options: { recreated?: boolean } = {},
): Promise<{ url: string; trail: AuditTrail }> {
  const data = tempDataDir();
  const trail = openAuditTrail({
    dataDir: data.dir,
    retentionDays: 90,
    logger: captureLogs().logger,
  });
  const t0 = Date.now() - 60_000;
  const at = (offset: number) => t0 + offset;
  trail.store.append([
    sampleRecord({ id: 'r1', userName: 'alice', organization: 'org-a', requestTime: at(1) }),
    sampleRecord({
      id: 'r2',
      userName: 'bob',
      organization: 'org-a',
      requestTime: at(2),
      method: 'POST',
    }),
    sampleRecord({ id: 'r3', userName: 'carol', organization: 'org-b', requestTime: at(3) }),
    sampleRecord({ id: 'r4', userName: '-', requestTime: at(4), httpStatus: 401, code: 9998 }),
    // bob belongs to org-a and org-b; this call acted in org-b, which alice does not administer.
    sampleRecord({ id: 'r5', userName: 'bob', organization: 'org-b', requestTime: at(5) }),
  ]);
  if (options.recreated) {
    trail.store.append([
      sampleRecord({
        id: 'r6',
        userName: 'mallory',
        organization: 'org-c',
        organizationUid: 'uid-of-an-earlier-org-c',
        requestTime: at(6),
      }),
    ]);
  }
  const organizations = options.recreated
    ? readerOf({ organizations: [orgObject('org-a'), orgObject('org-b'), orgObject('org-c')] })
        .organizations
    : current;
  const server = await serveAuditRoutes(trail, organizations, {
    root,
    alice: orgAdmin,
    bob: member,
  });
  cleanups.push(
    data.remove,
    () => trail.close(),
    () => server.close(),
  );
  return { url: `${server.url}/api/v1/audit.nimbus.io/records`, trail };
}

interface ListAnswer {
  code: number;
  message: string;
  data: { items: AuditRecordView[]; total: number; page: number; pageSize: number };
}

async function list(url: string, user: string | undefined, query = '') {
  const response = await fetch(`${url}${query}`, {
    headers: user ? { 'x-test-user': user } : {},
  });
  return { status: response.status, body: (await response.json()) as ListAnswer };
}

const ids = (body: ListAnswer) => body.data.items.map((item) => item.id);

describe('GET /audit.{host}/records', () => {
  it('shows a system administrator every record, newest first, with paging', async () => {
    const { url } = await start();
    const { status, body } = await list(url, 'root', '?pageSize=3');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(ids(body)).toEqual(['r5', 'r4', 'r3']);
    expect(body.data).toMatchObject({ total: 5, page: 1, pageSize: 3, partial: false });
    expect(body.data.items[0]?.organization).toBe('org-b');
    expect(ids((await list(url, 'root', '?pageSize=3&page=2')).body)).toEqual(['r2', 'r1']);
  });

  it('filters by user, method, HTTP status and business code', async () => {
    const { url } = await start();
    expect(ids((await list(url, 'root', '?user=carol')).body)).toEqual(['r3']);
    expect(ids((await list(url, 'root', '?organization=org-b')).body)).toEqual(['r5', 'r3']);
    expect(ids((await list(url, 'root', '?method=post')).body)).toEqual(['r2']);
    expect(ids((await list(url, 'root', '?status=401')).body)).toEqual(['r4']);
    expect(ids((await list(url, 'root', '?code=9998')).body)).toEqual(['r4']);
  });

  it('shows an organization administrator only calls made in organizations they administer', async () => {
    const { url } = await start();
    const { body } = await list(url, 'alice');
    // r5: bob is also alice's member, but acted in org-b, which she does not administer.
    expect(ids(body)).toEqual(['r2', 'r1']);
    expect(body.data.total).toBe(2);
    expect(ids((await list(url, 'alice', '?user=bob')).body)).toEqual(['r2']);
    expect(ids((await list(url, 'alice', '?user=carol')).body)).toEqual([]);
    expect(ids((await list(url, 'alice', '?organization=org-a')).body)).toEqual(['r2', 'r1']);
  });

  it('filters by the organization of that name now, not an earlier one of the same name', async () => {
    const { url } = await start({ recreated: true });
    expect(ids((await list(url, 'root', '?organization=org-c')).body)).toEqual([]);
    const byOldUid = await list(url, 'root', '?organization=uid-of-an-earlier-org-c');
    expect(ids(byOldUid.body)).toEqual(['r6']);
  });

  it('refuses an organization administrator a filter on an organization they do not administer', async () => {
    const { url } = await start();
    const refused = await list(url, 'alice', '?organization=org-b');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(errors.noPermission.code);
  });

  it('refuses plain members with 9997 and anonymous callers with 9998', async () => {
    const { url } = await start();
    const refused = await list(url, 'bob');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: errors.noPermission.code,
      message: errors.noPermission.message,
      data: null,
    });
    expect((await list(url, undefined)).body.code).toBe(errors.tokenInvalid.code);
  });

  it("refuses a start after the end with the spec's message", async () => {
    const { url } = await start();
    const { status, body } = await list(url, 'root', '?from=2030-01-02T00:00:00Z&to=1893456000000');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 1000, message: "Start time couldn't later than end time" });
  });
});
