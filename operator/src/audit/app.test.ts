import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpMetrics } from '../http/metrics.js';
import { startTestApp } from '../testing/app.js';
import type { TestApp } from '../testing/app.js';
import { recordEverything, tempDataDir } from '../testing/audit.js';
import { captureLogs } from '../testing/logs.js';
import type { AuditRecord } from './record.js';
import { censor } from '../observability/redact.js';
import type { AuditTrail } from './trail.js';
import { openAuditTrail } from './trail.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function trailIn(dir: string): AuditTrail {
  return openAuditTrail({
    dataDir: dir,
    retentionDays: 90,
    logger: captureLogs().logger,
    policy: recordEverything,
  });
}

interface Running {
  app: TestApp;
  trail: AuditTrail;
  dir: string;
  /** Stops the server, then flushes and closes the store, as main.ts does at shutdown. */
  stop(): Promise<void>;
}

async function startWithAudit(): Promise<Running> {
  const data = tempDataDir();
  const trail = trailIn(data.dir);
  const app = await startTestApp({ audit: trail, metrics: createHttpMetrics() });
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await app.close();
    await trail.close();
  };
  cleanups.push(data.remove, stop);
  return { app, trail, dir: data.dir, stop };
}

/** The response is out before 'finish' fires on the server; wait for the record to land. */
async function recorded(trail: AuditTrail, count: number): Promise<AuditRecord[]> {
  return vi.waitFor(async () => {
    await trail.writer.flush();
    const { items } = await trail.store.query({}, { offset: 0, limit: 100 });
    if (items.length < count) throw new Error(`expected ${count} audit records`);
    return items;
  });
}

function storeFilesText(dir: string): string {
  return readdirSync(dir)
    .map((file) => readFileSync(join(dir, file)).toString('latin1'))
    .join('\n');
}

describe('audit trail in the running app', () => {
  it('records a sign-in attempt with the password redacted and never stores or logs it', async () => {
    const { app, trail, dir, stop } = await startWithAudit();
    const canary = `Canary-${Date.now()}-pw`;
    const response = await fetch(`${app.url}/api/v1/auth.nimbus.io/login?lang=en`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${canary}`,
        cookie: `nimbus_token=${canary}`,
        'user-agent': 'audit-test',
      },
      body: JSON.stringify({ userName: 'alice', password: canary, mfaCode: canary }),
    });
    const envelope = (await response.json()) as { code: number; message: string };

    const [record] = await recorded(trail, 1);
    expect(record).toMatchObject({
      userName: '-',
      resource: 'auth/login',
      operation: 'login',
      category: null,
      method: 'POST',
      uri: '/api/v1/auth.nimbus.io/login?lang=en',
      httpStatus: response.status,
      code: envelope.code,
      message: envelope.message,
    });
    expect(JSON.parse(record?.requestBody ?? '')).toEqual({
      userName: 'alice',
      password: censor,
      mfaCode: censor,
    });
    expect(record?.requestHeader).toMatchObject({
      authorization: censor,
      cookie: censor,
      'user-agent': 'audit-test',
    });
    expect(record?.handleTimeMs).toBeGreaterThanOrEqual(0);

    await stop();
    expect(storeFilesText(dir)).toContain('auth/login');
    expect(storeFilesText(dir)).not.toContain(canary);
    expect(app.logs.text()).not.toContain(canary);
  });

  it('records calls refused before any route, and not the probes', async () => {
    const { app, trail } = await startWithAudit();
    await fetch(`${app.url}/healthz`);
    await fetch(`${app.url}/api/v1/nowhere.nimbus.io/things/1`, { method: 'DELETE' });
    const [record] = await recorded(trail, 1);
    expect(record).toMatchObject({
      resource: 'nowhere/things',
      method: 'DELETE',
      httpStatus: 404,
      code: 1004,
      message: 'not found',
      operation: null,
    });
    expect((await trail.store.query({}, { offset: 0, limit: 10 })).total).toBe(1);
  });

  it('names a refused call by its contract operation and target, and files tests as checks', async () => {
    const { app, trail } = await startWithAudit();
    const post = (path: string, body: unknown) =>
      fetch(`${app.url}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/iam.nimbus.io/users', { userName: 'bert', email: 'b@x.example' });
    await post('/manage.nimbus.io/registries/test', { name: 'harbor', organizationId: 'acme' });
    const records = await recorded(trail, 2);
    const byOperation = Object.fromEntries(records.map((r) => [r.operation, r]));
    expect(byOperation.createUser).toMatchObject({
      code: 9998,
      category: null,
      cluster: null,
      kind: 'users',
      name: 'bert',
    });
    expect(byOperation.testRegistry).toMatchObject({
      code: 9998,
      category: 'check',
      kind: 'registries',
      name: 'harbor',
    });
  });

  it('keeps the records when the operator restarts', async () => {
    const { app, trail, dir, stop } = await startWithAudit();
    await fetch(`${app.url}/api/v1/system.nimbus.io/version`);
    const [before] = await recorded(trail, 1);
    await stop();

    const reopened = trailIn(dir);
    cleanups.push(() => reopened.close());
    const page = await reopened.search({}, 1, 10, captureLogs().logger);
    expect(page.items.map((item) => item.id)).toEqual([before?.id]);
    expect(page.items[0]).toMatchObject({ resource: 'system/version', httpStatus: 200, code: 0 });
  });
});
