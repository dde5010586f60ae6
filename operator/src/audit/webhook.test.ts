import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/audit.js';
import { fakeClock, until } from '../testing/fake-clock.js';
import { serve } from '../testing/http.js';
import { captureLogs } from '../testing/logs.js';
import { decodeJsonLines } from './export-format.js';
import { toView } from './record.js';
import type { AuditWebhookOptions } from './webhook.js';
import { createAuditWebhook } from './webhook.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A receiver that fails the first `failures` posts with 503, then takes them. */
async function receiver(failures = 0) {
  const bodies: string[] = [];
  let attempts = 0;
  const app = express();
  app.post('/hook', express.text({ type: '*/*' }), (req, res) => {
    attempts += 1;
    if (attempts <= failures) {
      res.status(503).end();
      return;
    }
    bodies.push(String(req.body));
    res.status(204).end();
  });
  const server = await serve(app);
  cleanups.push(() => server.close());
  const { host } = new URL(server.url);
  return { url: `${server.url}/hook`, host, bodies, attempts: () => attempts };
}

function webhook(options: Partial<AuditWebhookOptions> & Pick<AuditWebhookOptions, 'url'>) {
  const clock = fakeClock();
  const counts = { delivered: 0, dropped: 0 };
  const hook = createAuditWebhook({
    policy: {},
    clock,
    log: captureLogs().logger,
    onDelivered: (count) => (counts.delivered += count),
    onDropped: (count) => (counts.dropped += count),
    ...options,
  });
  cleanups.push(() => hook.stop());
  return { hook, clock, counts };
}

describe('audit webhook sink', () => {
  it('posts records as JSON lines, in batches, to an allowed receiver', async () => {
    const target = await receiver();
    const { hook, counts } = webhook({
      url: target.url,
      policy: { allowHosts: [target.host] },
      batchSize: 2,
    });
    const records = [1, 2, 3].map((n) => sampleRecord({ id: `w${n}`, requestBody: '{"n":1}' }));
    hook.ship(records);
    await until(() => counts.delivered === 3);
    expect(target.bodies).toHaveLength(2);
    expect(target.bodies.flatMap(decodeJsonLines)).toEqual(records.map(toView));
  });

  it('retries a failing receiver with growing delays, a bounded number of times', async () => {
    const target = await receiver(2);
    const { hook, clock, counts } = webhook({
      url: target.url,
      policy: { allowHosts: [target.host] },
      retryDelayMs: 1_000,
      maxAttempts: 3,
    });
    hook.ship([sampleRecord()]);
    await until(() => target.attempts() === 1 && clock.pending() === 1);
    clock.advance(999);
    expect(target.attempts()).toBe(1);
    clock.advance(1);
    await until(() => target.attempts() === 2 && clock.pending() === 1);
    clock.advance(2_000);
    await until(() => counts.delivered === 1);
    expect(target.attempts()).toBe(3);
    expect(counts.dropped).toBe(0);
  });

  it('gives up on a batch after the last attempt and counts it', async () => {
    const target = await receiver(100);
    const { hook, clock, counts } = webhook({
      url: target.url,
      policy: { allowHosts: [target.host] },
      retryDelayMs: 10,
      maxAttempts: 2,
    });
    hook.ship([sampleRecord(), sampleRecord()]);
    await until(() => clock.pending() === 1);
    clock.advance(10);
    await until(() => counts.dropped === 2);
    expect(target.attempts()).toBe(2);
  });

  it('never dials a URL the SSRF policy refuses (loopback, not allow-listed)', async () => {
    const target = await receiver();
    const { hook, clock, counts } = webhook({ url: target.url, maxAttempts: 1 });
    hook.ship([sampleRecord()]);
    await until(() => counts.dropped === 1);
    expect(target.attempts()).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it('keeps at most its capacity, dropping the oldest', async () => {
    const { hook, counts } = webhook({
      url: 'https://169.254.169.254/hook',
      capacity: 3,
      maxAttempts: 1,
    });
    hook.ship([1, 2, 3, 4, 5].map(() => sampleRecord()));
    expect(counts.dropped).toBeGreaterThanOrEqual(2);
    await until(() => counts.dropped === 5);
  });
});
