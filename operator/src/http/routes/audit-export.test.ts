import { afterEach, describe, expect, it } from 'vitest';
import { decodeCsv, decodeJsonLines } from '../../audit/export-format.js';
import { exportPageSize } from '../../audit/export.js';
import type { AuditRecord } from '../../audit/record.js';
import { toView } from '../../audit/record.js';
import { openAuditTrail } from '../../audit/trail.js';
import type { Identity } from '../../identity/identity.js';
import { sampleRecord, tempDataDir } from '../../testing/audit.js';
import { orgObject, readerOf } from '../../testing/iam.js';
import { serveAuditRoutes } from '../../testing/audit-routes.js';
import { captureLogs } from '../../testing/logs.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const callers: Record<string, Identity> = {
  root: {
    userName: 'root',
    userId: 'uid-root',
    sysAdmin: true,
    organizations: [],
    role: 'system-admin',
    via: 'session',
  },
  alice: {
    userName: 'alice',
    userId: 'uid-alice',
    sysAdmin: false,
    organizations: [{ name: 'org-a', uid: 'uid-org-a', admin: true }],
    role: 'organization-admin',
    via: 'session',
  },
  bob: {
    userName: 'bob',
    userId: 'uid-bob',
    sysAdmin: false,
    organizations: [{ name: 'org-a', uid: 'uid-org-a', admin: false }],
    role: 'user',
    via: 'session',
  },
};

/** More records than one export page, in two organizations, so the export must page. */
const stored: AuditRecord[] = Array.from({ length: exportPageSize * 2 + 7 }, (_, i) =>
  sampleRecord({
    id: `e${String(i).padStart(5, '0')}`,
    requestTime: Date.UTC(2031, 0, 1) + Math.floor(i / 3) * 1000,
    organization: i % 4 === 0 ? 'org-b' : 'org-a',
    method: i % 2 === 0 ? 'DELETE' : 'GET',
    requestBody: i % 2 === 0 ? `{"name":"ns-${i}","note":"a, \\"b\\"\\nc"}` : '',
  }),
);

async function start(): Promise<string> {
  const data = tempDataDir();
  const trail = openAuditTrail({
    dataDir: data.dir,
    retentionDays: 3650,
    logger: captureLogs().logger,
  });
  trail.store.append(stored);
  const organizations = readerOf({
    organizations: [orgObject('org-a'), orgObject('org-b')],
  }).organizations;
  const server = await serveAuditRoutes(trail, organizations, callers);
  cleanups.push(
    data.remove,
    () => trail.close(),
    () => server.close(),
  );
  return `${server.url}/api/v1/audit.nimbus.io/records/export`;
}

const exportAs = (url: string, user: string, query: string) =>
  fetch(`${url}?${query}`, { headers: { 'x-test-user': user } });

const newestFirst = (records: AuditRecord[]) =>
  [...records].sort((a, b) => b.requestTime - a.requestTime || (a.id < b.id ? 1 : -1)).map(toView);

describe('GET /audit.{host}/records/export', () => {
  it('streams every record as JSON lines across pages, newest first, as an attachment', async () => {
    const url = await start();
    const response = await exportAs(url, 'root', 'format=jsonl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="nimbus-audit-.*\.jsonl"$/,
    );
    expect(decodeJsonLines(await response.text())).toEqual(newestFirst(stored));
  });

  it('round-trips the records through CSV, filters applied', async () => {
    const url = await start();
    const response = await exportAs(url, 'root', 'format=csv&method=DELETE');
    expect(response.headers.get('content-type')).toContain('text/csv');
    const expected = newestFirst(stored.filter((record) => record.method === 'DELETE'));
    expect(decodeCsv(await response.text())).toEqual(expected);
  });

  it("gives an organization administrator only their organizations' records", async () => {
    const url = await start();
    const text = await (await exportAs(url, 'alice', 'format=jsonl')).text();
    const expected = newestFirst(stored.filter((record) => record.organization === 'org-a'));
    expect(decodeJsonLines(text)).toEqual(expected);
    const other = await exportAs(url, 'alice', 'format=jsonl&organization=org-b');
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: 9997 });
  });

  it('refuses callers who may not read the audit trail, and a bad format', async () => {
    const url = await start();
    const refused = await exportAs(url, 'bob', 'format=csv');
    expect(await refused.json()).toMatchObject({ code: 9997 });
    const bad = await exportAs(url, 'root', 'format=xlsx');
    expect(bad.status).toBe(400);
  });
});
