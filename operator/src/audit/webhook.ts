import http from 'node:http';
import https from 'node:https';
import type { Clock } from '../core/clock.js';
import type { OutboundPolicy, Resolver } from '../clusters/ssrf-policy.js';
import { checkOutboundUrl } from '../clusters/ssrf-policy.js';
import type { Logger } from '../logger.js';
import { pinnedLookup } from '../member/transport/pinned-dial.js';
import { encodeJsonLines } from './export-format.js';
import type { AuditRecord } from './record.js';
import { toView } from './record.js';

export interface AuditWebhookOptions {
  /** Where batches are POSTed; checked against the SSRF policy before every delivery. */
  url: string;
  policy: OutboundPolicy;
  resolve?: Resolver;
  clock: Clock;
  log: Logger;
  /** Records waiting to be shipped; beyond it the oldest are dropped (counted). */
  capacity?: number;
  batchSize?: number;
  /** Tries per batch before it is dropped (counted). */
  maxAttempts?: number;
  /** First retry delay; doubled each time. */
  retryDelayMs?: number;
  timeoutMs?: number;
  onDelivered?: (count: number) => void;
  onDropped?: (count: number) => void;
}

export interface AuditWebhook {
  /** Queues records (already redacted) for shipping; never blocks. */
  ship(records: readonly AuditRecord[]): void;
  /** Resolves when nothing is queued or in flight. */
  idle(): Promise<void>;
  stop(): void;
}

class DeliveryError extends Error {}

/** One POST of a JSON-lines batch to the pinned addresses; no redirect is followed. */
async function post(options: AuditWebhookOptions, body: string, timeoutMs: number): Promise<void> {
  const check = await checkOutboundUrl(options.url, options.policy, options.resolve);
  if (!check.ok) throw new DeliveryError(`the webhook URL is refused: ${check.reason}`);
  const { url, addresses } = check;
  const client = url.protocol === 'https:' ? https : http;
  await new Promise<void>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(addresses),
        headers: {
          'content-type': 'application/x-ndjson',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'nimbus-audit-webhook',
        },
        timeout: timeoutMs,
        agent: false,
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new DeliveryError(`the webhook answered HTTP ${status}`));
      },
    );
    request.on('timeout', () => request.destroy(new DeliveryError('the webhook timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Ships this replica's records, as they are written, to a webhook as JSON lines (the export's
 * format). Bounded everywhere: the queue, the batch, the attempts per batch and each request's
 * time. Records carry only what the store keeps (redacted); no credential is sent.
 */
export function createAuditWebhook(options: AuditWebhookOptions): AuditWebhook {
  const capacity = options.capacity ?? 10_000;
  const batchSize = options.batchSize ?? 100;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { clock, log } = options;
  let queue: AuditRecord[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastReason = '';

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      clock.setTimeout(resolve, ms);
    });

  async function deliver(batch: AuditRecord[]): Promise<boolean> {
    const body = encodeJsonLines(batch.map(toView));
    for (let attempt = 1; attempt <= maxAttempts && !stopped; attempt++) {
      try {
        await post(options, body, timeoutMs);
        return true;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // The same failure on every batch (a dead receiver) is logged once, not per attempt.
        if (reason !== lastReason) log.warn({ reason, attempt }, 'audit webhook delivery failed');
        lastReason = reason;
        if (attempt < maxAttempts) await wait(retryDelayMs * 2 ** (attempt - 1));
      }
    }
    return false;
  }

  async function drain(): Promise<void> {
    while (queue.length > 0 && !stopped) {
      const batch = queue.slice(0, batchSize);
      queue = queue.slice(batch.length);
      if (await deliver(batch)) {
        lastReason = '';
        options.onDelivered?.(batch.length);
      } else options.onDropped?.(batch.length);
    }
  }

  // Records queued while a drain was finishing are picked up by the next one.
  function kick(): void {
    if (running || stopped || queue.length === 0) return;
    running = drain().finally(() => {
      running = undefined;
      kick();
    });
  }

  return {
    ship(records) {
      if (stopped || records.length === 0) return;
      queue.push(...records);
      const excess = queue.length - capacity;
      if (excess > 0) {
        queue = queue.slice(excess);
        options.onDropped?.(excess);
      }
      kick();
    },
    idle: async () => {
      while (running) await running;
    },
    stop() {
      stopped = true;
    },
  };
}
