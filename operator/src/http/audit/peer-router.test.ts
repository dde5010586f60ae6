import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler, notFoundHandler } from '../error-handler.js';
import { requestContextMiddleware } from '../request-context.js';
import { sampleRecord, tempDataDir } from '../../testing/audit.js';
import type { RunningServer } from '../../testing/http.js';
import { serve } from '../../testing/http.js';
import { captureLogs } from '../../testing/logs.js';
import {
  derivePeerKey,
  peerWindowMs,
  signPeerRequest,
  verifyPeerRequest,
} from '../../audit/peer-auth.js';
import { peerRecordsPath } from '../../audit/peer-protocol.js';
import { peerAuditRouter } from './peer-router.js';
import { staticPeers } from '../../audit/peers.js';
import { createAuditSearch } from '../../audit/search.js';
import type { AuditStore } from '../../audit/store.js';
import { openSqliteAuditStore } from '../../audit/sqlite-store.js';

const sessionKey = 'k'.repeat(48);
const peerKey = derivePeerKey(sessionKey);
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('peer request signature', () => {
  const request = { method: 'POST', path: peerRecordsPath, body: '{"limit":1}' };
  const now = 1_900_000_000_000;
  const signed = (headers: Record<string, string>, overrides = {}) => ({
    ...request,
    time: headers['x-nimbus-peer-time'],
    signature: headers['x-nimbus-peer-signature'],
    ...overrides,
  });

  it('accepts its own signature within the window', () => {
    const headers = signPeerRequest(peerKey, request, now);
    expect(verifyPeerRequest(peerKey, signed(headers), now + peerWindowMs)).toBe(true);
  });

  it('refuses another key, a changed body or path, and a stale time', () => {
    const headers = signPeerRequest(peerKey, request, now);
    expect(verifyPeerRequest(derivePeerKey('x'.repeat(48)), signed(headers), now)).toBe(false);
    expect(verifyPeerRequest(peerKey, signed(headers, { body: '{"limit":2}' }), now)).toBe(false);
    expect(verifyPeerRequest(peerKey, signed(headers, { path: '/other' }), now)).toBe(false);
    expect(verifyPeerRequest(peerKey, signed(headers), now + peerWindowMs + 1)).toBe(false);
    expect(verifyPeerRequest(peerKey, signed(headers, { signature: undefined }), now)).toBe(false);
  });

  it('is not the session key itself', () => {
    expect(peerKey.equals(Buffer.from(sessionKey))).toBe(false);
  });
});

/** A replica: its own store file and the internal endpoint on a loopback port. */
async function replica(key = peerKey): Promise<{ store: AuditStore; server: RunningServer }> {
  const data = tempDataDir();
  const store = openSqliteAuditStore(data.dir);
  const app = express();
  app.use(requestContextMiddleware(captureLogs().logger));
  app.use(peerAuditRouter(store, key));
  app.use(notFoundHandler);
  app.use(errorHandler);
  const server = await serve(app);
  cleanups.push(
    data.remove,
    () => store.close(),
    () => server.close(),
  );
  return { store, server };
}

const t0 = Date.UTC(2030, 0, 1);

describe('searching several replicas', () => {
  it('merges every replica’s records into one page with the summed total', async () => {
    const local = await replica();
    const a = await replica();
    const b = await replica();
    await local.store.append([
      sampleRecord({ id: 'l1', requestTime: t0 + 1 }),
      sampleRecord({ id: 'l2', requestTime: t0 + 4, userName: 'bob', organization: 'org-b' }),
    ]);
    await a.store.append([sampleRecord({ id: 'a1', requestTime: t0 + 3, organization: 'org-b' })]);
    await b.store.append([
      sampleRecord({ id: 'b1', requestTime: t0 + 2 }),
      sampleRecord({ id: 'b2', requestTime: t0 + 5 }),
    ]);
    const search = createAuditSearch({
      store: local.store,
      peers: staticPeers([a.server.url, b.server.url]),
      peerKey,
    });
    const log = captureLogs().logger;
    const first = await search({}, 1, 2, log);
    expect(first.items.map((record) => record.id)).toEqual(['b2', 'l2']);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, partial: false });
    expect(first.items[0]?.requestTime).toBe(new Date(t0 + 5).toISOString());
    const second = await search({}, 2, 2, log);
    expect(second.items.map((record) => record.id)).toEqual(['a1', 'b1']);
    const filtered = await search({ organizationUids: ['uid-org-b'] }, 1, 10, log);
    expect(filtered.items.map((record) => [record.id, record.organization])).toEqual([
      ['l2', 'org-b'],
      ['a1', 'org-b'],
    ]);
    expect(filtered.total).toBe(2);
    const named = await search({ organizationUid: 'uid-org-b', user: 'bob' }, 1, 10, log);
    expect(named.items.map((record) => record.id)).toEqual(['l2']);
  });

  it('answers from the replicas that did answer and says the page is partial', async () => {
    const local = await replica();
    await local.store.append([sampleRecord({ id: 'mine', requestTime: t0 })]);
    const wrongKey = await replica(derivePeerKey('another-installation-key-0123456789'));
    const hanging = express();
    hanging.use((_req, _res) => undefined);
    const stuck = await serve(hanging);
    cleanups.push(() => stuck.close());
    const logs = captureLogs();
    const search = createAuditSearch({
      store: local.store,
      peers: staticPeers([wrongKey.server.url, stuck.url, 'http://127.0.0.1:1']),
      peerKey,
      peerTimeoutMs: 300,
    });
    const page = await search({}, 1, 10, logs.logger);
    expect(page.items.map((record) => record.id)).toEqual(['mine']);
    expect(page.partial).toBe(true);
    expect(logs.text()).toContain('audit peer did not answer');
  });

  it('refuses an unsigned call to the internal endpoint', async () => {
    const { server } = await replica();
    const response = await fetch(`${server.url}${peerRecordsPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filter: {}, limit: 10 }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 9998, data: null });
  });
});
