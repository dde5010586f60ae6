import { afterEach, describe, expect, it } from 'vitest';
import { runController } from '../controllers/controller.js';
import type { Controller } from '../controllers/controller.js';
import { observedCall } from '../member/transport/observed.js';
import { MemberCallError } from '../member/transport/errors.js';
import type { MemberTransport } from '../member/transport/transport.js';
import { fakeClock } from '../testing/fake-clock.js';
import { captureLogs } from '../testing/logs.js';
import { memoryRecorder } from '../testing/memory-events.js';
import { operatorRegistry, recordBuild, trackClusters } from './metrics.js';

/** The value of one series in the registry's text exposition, or undefined when absent. */
async function sample(
  name: string,
  labels: Record<string, string> = {},
): Promise<number | undefined> {
  const text = await operatorRegistry.metrics();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(' ').pop());
  }
  return undefined;
}

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('controller series', () => {
  it('counts reconciles by result, their errors and durations, and the queue of each controller', async () => {
    const clock = fakeClock();
    const outcomes: Record<string, () => Promise<{ requeueAfterMs?: number } | undefined>> = {
      good: () => Promise.resolve(undefined),
      again: () => Promise.resolve({ requeueAfterMs: 60_000 }),
      bad: () => Promise.reject(new Error('boom')),
    };
    const controller: Controller = {
      name: 'metrics-probe',
      watches: [],
      keys: () => Object.keys(outcomes),
      reconcile: (key) => (outcomes[key] as () => Promise<undefined>)(),
      concurrency: 1,
    };
    const context = { clock, events: memoryRecorder(clock).recorder, logger: captureLogs().logger };
    // Nothing runs until the first key is processed: the other two wait in the queue.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = outcomes.good as () => Promise<undefined>;
    outcomes.good = () => gate.then(first);
    const running = runController(controller, context);
    stops.push(() => running.stop());
    expect(await sample('nimbus_workqueue_depth', { controller: 'metrics-probe' })).toBe(2);
    release();
    await running.idle();

    const labels = (result: string) => ({ controller: 'metrics-probe', result });
    expect(await sample('nimbus_controller_reconcile_total', labels('success'))).toBe(1);
    expect(await sample('nimbus_controller_reconcile_total', labels('requeue'))).toBe(1);
    expect(await sample('nimbus_controller_reconcile_total', labels('error'))).toBe(1);
    expect(
      await sample('nimbus_controller_reconcile_errors_total', { controller: 'metrics-probe' }),
    ).toBe(1);
    expect(
      await sample('nimbus_controller_reconcile_duration_seconds_count', {
        controller: 'metrics-probe',
      }),
    ).toBe(3);
    expect(await sample('nimbus_workqueue_adds_total', { controller: 'metrics-probe' })).toBe(3);
    expect(
      await sample('nimbus_workqueue_queue_duration_seconds_count', {
        controller: 'metrics-probe',
      }),
    ).toBe(3);
    expect(await sample('nimbus_workqueue_depth', { controller: 'metrics-probe' })).toBe(0);

    running.stop();
    expect(await sample('nimbus_workqueue_depth', { controller: 'metrics-probe' })).toBeUndefined();
  });
});

describe('member series', () => {
  const answering = (status: number): MemberTransport => ({
    request: () =>
      Promise.resolve({ status, headers: {}, body: Buffer.alloc(0), json: () => ({}) as never }),
    stream: () => Promise.reject(new MemberCallError('no answer within 5 s', 'timeout')),
    upgrade: () => Promise.reject(new Error('unused')),
    close: () => undefined,
  });

  it('times every call per cluster with its status and counts the ones that got no answer', async () => {
    const transport = observedCall(
      answering(404),
      { server: 'https://x', auth: { token: 't' } },
      'm-probe',
    );
    await transport.request('operator', { path: '/api/v1/namespaces/a/pods?limit=1' });
    await expect(transport.stream('operator', { path: '/api/v1/pods' })).rejects.toThrow(
      MemberCallError,
    );
    expect(
      await sample('nimbus_member_request_duration_seconds_count', {
        cluster: 'm-probe',
        method: 'GET',
        code: '404',
      }),
    ).toBe(1);
    expect(
      await sample('nimbus_member_request_errors_total', { cluster: 'm-probe', reason: 'timeout' }),
    ).toBe(1);
  });
});

describe('process series', () => {
  it('names the running build and reads each cluster’s Ready condition at scrape time', async () => {
    recordBuild('9.8.7', 'abc123');
    expect(await sample('nimbus_build_info', { version: '9.8.7', revision: 'abc123' })).toBe(1);
    const clusters = [
      {
        metadata: { name: 'ready-one' },
        status: { conditions: [{ type: 'Ready', status: 'True' }] },
      },
      {
        metadata: { name: 'down-one' },
        status: { conditions: [{ type: 'Ready', status: 'False' }] },
      },
      { metadata: { name: 'new-one' } },
    ];
    trackClusters(() => clusters);
    expect(await sample('nimbus_cluster_ready', { cluster: 'ready-one' })).toBe(1);
    expect(await sample('nimbus_cluster_ready', { cluster: 'down-one' })).toBe(0);
    expect(await sample('nimbus_cluster_ready', { cluster: 'new-one' })).toBe(0);
    clusters.pop();
    expect(await sample('nimbus_cluster_ready', { cluster: 'new-one' })).toBeUndefined();
  });
});
