import type { DesiredCondition } from '../controllers/conditions.js';
import { transitions } from '../controllers/conditions.js';
import type { EventIntent } from '../controllers/events.js';
import type { Decision } from '../controllers/status.js';
import type { ChartSourceObject } from '../hub/store.js';
import type { OutboundOptions } from './outbound-get.js';
import { CredentialsRefused, OutboundError } from './outbound-get.js';
import type { SourceCredentials } from './source-credentials.js';
import type { SourceTarget } from './source-client.js';
import { sourceClient } from './source-client.js';

/** A check reads the chart list only (catalogue or index.yaml), on a short deadline and budget. */
export const checkTimeoutMs = 10_000;
export const checkMaxBytes = 4 * 1024 * 1024;

export type SourceCheck =
  | { ok: true; chartCount: number }
  | {
      ok: false;
      /** CredentialsNotUsed: the source's address moved since its login was given. */
      reason: 'CredentialsRefused' | 'Unreachable' | 'CredentialsNotUsed';
      message: string;
    };

/** Reads the source's chart list as its login; only our own messages come back. */
export async function checkSource(
  target: SourceTarget,
  credentials: SourceCredentials,
  outbound: OutboundOptions,
): Promise<SourceCheck> {
  const bounded = { ...outbound, timeoutMs: checkTimeoutMs, maxBytes: checkMaxBytes };
  try {
    const charts = await sourceClient(target, credentials, bounded).charts();
    return { ok: true, chartCount: charts.length };
  } catch (error) {
    if (error instanceof CredentialsRefused) {
      return { ok: false, reason: 'CredentialsRefused', message: error.message };
    }
    const message =
      error instanceof OutboundError ? error.message : 'the chart list could not be read';
    return { ok: false, reason: 'Unreachable', message };
  }
}

const plural = (count: number) => `${count} chart${count === 1 ? '' : 's'}`;

/**
 * Observed → desired for a ChartSource: Ready from the check (or False when its organization
 * does not exist), a Warning Event at each failed check (the recorder counts repeats) and a
 * Normal one when the source becomes ready.
 */
export function decideSource(
  source: Pick<ChartSourceObject, 'status' | 'spec'>,
  check: SourceCheck | { ok: false; reason: 'OrganizationNotFound'; message: string },
): Decision {
  const ready: DesiredCondition = check.ok
    ? { type: 'Ready', status: 'True', reason: 'ChartsListed', message: plural(check.chartCount) }
    : { type: 'Ready', status: 'False', reason: check.reason, message: check.message };
  const events: EventIntent[] = [];
  if (!check.ok) {
    events.push({ type: 'Warning', reason: check.reason, note: check.message, action: 'Check' });
  } else if (transitions(source.status?.conditions ?? [], [ready]).length > 0) {
    events.push({
      type: 'Normal',
      reason: 'BecameReady',
      note: `the source listed ${plural(check.chartCount)}`,
      action: 'Check',
    });
  }
  return { conditions: [ready], events };
}
