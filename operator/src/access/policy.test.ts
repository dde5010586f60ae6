import { afterAll, describe, expect, it } from 'vitest';
import { openAuditTrail } from '../audit/trail.js';
import { createApp } from '../http/app.js';
import { authPaths } from '../identity/auth-paths.js';
import { IndexStore } from '../index/store.js';
import { tempDataDir } from '../testing/audit.js';
import { testClusterServices } from '../testing/clusters.js';
import { offlineIdentityServices } from '../testing/iam.js';
import { captureLogs } from '../testing/logs.js';
import { accessDocPath, renderAccessDoc } from './docs.js';
import { policyTable } from './policy.js';
import { listRoutes } from './routes.js';
import { readFileSync } from 'node:fs';

const host = 'nimbus.io';
const logger = captureLogs().logger;
const data = tempDataDir();
const audit = openAuditTrail({ dataDir: data.dir, retentionDays: 1, logger });
afterAll(() => {
  audit.close();
  data.remove();
});

/** Every route of the complete app, read from Express's own router stack. */
function registeredApiRoutes(): string[] {
  const identity = offlineIdentityServices(logger);
  const app = createApp({
    host,
    version: '0.0.0',
    mfaEnabled: true,
    consoleDir: '/nonexistent',
    logger,
    hub: { probe: () => Promise.resolve({ ready: true }) },
    identity,
    clusters: testClusterServices(identity.store, []),
    index: IndexStore.open(':memory:'),
    audit,
  });
  return listRoutes(app.router)
    .filter((route) => route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${route.path}`);
}

const tableRoutes = policyTable.map(
  (entry) => `${entry.method} /api/v1${entry.path.replaceAll('{host}', host)}`,
);

describe('policy table', () => {
  const registered = registeredApiRoutes();

  it('finds the routes of every service router', () => {
    expect(registered).toContain('POST /api/v1/auth.nimbus.io/login');
    expect(registered).toContain('GET /api/v1/iam.nimbus.io/users/:userName');
    expect(registered).toContain('GET /api/v1/audit.nimbus.io/records');
  });

  it('has an entry for every registered /api route, with the same parameter names', () => {
    const missing = registered.filter((route) => !tableRoutes.includes(route));
    expect(missing).toEqual([]);
  });

  it('names no route that is not registered', () => {
    const stale = tableRoutes.filter((route) => !registered.includes(route));
    expect(stale).toEqual([]);
  });

  it('lists each method and path once', () => {
    expect(new Set(tableRoutes).size).toBe(tableRoutes.length);
  });

  it('marks exactly the paths the authentication middleware lets in anonymously as public', () => {
    const base = (service: string) => `/api/v1/${service}.${host}`;
    const { publicPaths, publicPrefixes } = authPaths(base);
    const anonymous = (path: string) =>
      publicPaths.includes(path) || publicPrefixes.some((prefix) => path.startsWith(prefix));
    for (const entry of policyTable) {
      const path = `/api/v1${entry.path.replaceAll('{host}', host)}`;
      expect({ path, public: anonymous(path) }).toEqual({ path, public: entry.allow === 'public' });
    }
  });

  it('scopes every entry with a target, and targets every scoped entry', () => {
    for (const entry of policyTable) {
      expect(Boolean(entry.scope)).toBe(Boolean(entry.target));
      if (entry.target?.startsWith('params.')) {
        expect(entry.path).toContain(`:${entry.target.slice('params.'.length)}`);
      }
    }
  });

  it('is what docs/access.md documents (run `npm run access:docs -w operator`)', () => {
    expect(readFileSync(accessDocPath, 'utf8')).toBe(renderAccessDoc());
  });
});
