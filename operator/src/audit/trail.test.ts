import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleRecord, tempDataDir } from '../testing/audit.js';
import { fakeClock } from '../testing/fake-clock.js';
import { captureLogs } from '../testing/logs.js';
import type { AuditTrailOptions } from './trail.js';
import { openAuditTrail } from './trail.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function open(options: Partial<AuditTrailOptions> = {}) {
  const data = tempDataDir();
  const registry = new Registry();
  const trail = openAuditTrail({
    dataDir: data.dir,
    retentionDays: 90,
    logger: captureLogs().logger,
    registry,
    ...options,
  });
  cleanups.push(data.remove, () => trail.close());
  return { trail, registry, dir: data.dir };
}

async function metric(registry: Registry, name: string): Promise<number> {
  const found = (await registry.getMetricsAsJSON()).find((item) => item.name === name);
  return Number(found?.values[0]?.value ?? Number.NaN);
}

describe('audit trail', () => {
  it('counts records dropped from a full queue in /metrics', async () => {
    const { trail, registry } = open({ queue: { capacity: 2, flushIntervalMs: 60_000 } });
    for (let i = 0; i < 5; i++) trail.sink(sampleRecord());
    expect(await metric(registry, 'nimbus_audit_records_dropped_total')).toBe(3);
    await trail.writer.flush();
    expect(await metric(registry, 'nimbus_audit_records_written_total')).toBe(2);
    expect((await trail.store.query({}, { offset: 0, limit: 10 })).total).toBe(2);
  });

  it('removes records past retention when opened and on each prune', async () => {
    const day = 86_400_000;
    const clock = fakeClock(Date.UTC(2030, 0, 100));
    const now = clock.now();
    const first = open({ retentionDays: 30, clock });
    await first.trail.store.append([
      sampleRecord({ id: 'old', requestTime: now - 31 * day }),
      sampleRecord({ id: 'recent', requestTime: now - 29 * day }),
    ]);
    await first.trail.close();
    const reopened = open({ retentionDays: 30, clock, dataDir: first.dir });
    const ids = async () =>
      (await reopened.trail.store.query({}, { offset: 0, limit: 10 })).items.map((r) => r.id);
    await reopened.trail.idle();
    expect(await ids()).toEqual(['recent']);
    // The hourly retention job, on the fake clock, takes it.
    clock.advance(2 * day);
    await reopened.trail.idle();
    expect(await ids()).toEqual([]);
    expect(await reopened.trail.prune()).toBe(0);
  });

  it('has a peer key, which the peer endpoint needs, only with a signing key', () => {
    expect(open().trail.peerKey).toBeUndefined();
    expect(open({ sessionSigningKey: 'k'.repeat(40) }).trail.peerKey).toBeDefined();
  });
});
