import type { Clock } from '../core/clock.js';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import type { OutboundFailure } from '../outbound/request.js';
import { outboundRequest } from '../outbound/request.js';
import type { Logger } from '../logger.js';
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

/** The webhook's URL may carry a token: errors name neither it nor its host. */
function webhookFailure(failure: OutboundFailure): DeliveryError {
  switch (failure.kind) {
    case 'refused':
      return new DeliveryError(`the webhook URL is refused: ${failure.detail}`);
    case 'timeout':
      return new DeliveryError('the webhook timed out');
    case 'too-large':
    case 'failed':
      return new DeliveryError(failure.detail);
  }
}

/** One POST of a JSON-lines batch to the pinned addresses; no redirect is followed. */
async function post(options: AuditWebhookOptions, body: string, timeoutMs: number): Promise<void> {
  const answer = await outboundRequest({
    url: options.url,
    method: 'POST',
    headers: {
      'content-type': 'application/x-ndjson',
      'user-agent': 'nimbus-audit-webhook',
    },
    body,
    policy: options.policy,
    resolve: options.resolve,
    timeout: { idleMs: timeoutMs },
    maxBytes: 0,
    discardBody: true,
    failure: webhookFailure,
  });
  if (answer.status < 200 || answer.status >= 300) {
    throw new DeliveryError(`the webhook answered HTTP ${answer.status}`);
  }
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
