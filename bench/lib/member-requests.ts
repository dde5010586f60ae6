// Requests a member's API server counted (apiserver_request_total from its /metrics), summed by
// resource, so a bench can tell how many calls the operator made for one phase.
import { request } from 'node:https';
import type { Member } from './member.js';

function metricsText(member: Member): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL('/metrics', member.pinned.connection.server),
      { agent: member.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** apiserver_request_total summed per `resource:verb` (all codes and scopes). */
export async function requestCounts(member: Member): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const line of (await metricsText(member)).split('\n')) {
    if (!line.startsWith('apiserver_request_total{')) continue;
    const resource = /resource="([^"]*)"/.exec(line)?.[1] ?? '';
    const verb = /verb="([^"]*)"/.exec(line)?.[1] ?? '';
    const key = `${resource}:${verb}`;
    totals.set(key, (totals.get(key) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return totals;
}

const reads = new Set(['GET', 'LIST', 'WATCH']);

/** Calls between two counts on the given resources: all of them, and the writes among them. */
export function callsBetween(
  before: Map<string, number>,
  after: Map<string, number>,
  resources: readonly string[],
): { all: number; writes: number } {
  let all = 0;
  let writes = 0;
  for (const [key, value] of after) {
    const [resource = '', verb = ''] = key.split(':');
    if (!resources.includes(resource)) continue;
    const delta = value - (before.get(key) ?? 0);
    all += delta;
    if (!reads.has(verb)) writes += delta;
  }
  return { all, writes };
}
