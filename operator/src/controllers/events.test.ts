import { describe, expect, it } from 'vitest';
import { fakeClock, settle } from '../testing/fake-clock.js';
import { captureLogs } from '../testing/logs.js';
import { memoryEvents } from '../testing/memory-events.js';
import { microTime } from './event-sink.js';
import type { ObjectReference } from './events.js';
import {
  clusterScopedEventNamespace,
  createEventRecorder,
  reportingController,
  safeNote,
} from './events.js';

const alice: ObjectReference = {
  apiVersion: 'nimbus.io/v1alpha1',
  kind: 'User',
  name: 'alice',
  uid: 'uid-alice',
};
const outside = {
  type: 'Warning' as const,
  reason: 'BindingOutsideOrganization',
  action: 'Validate',
  note: 'cluster prod belongs to organization acme; the binding is ignored',
};

function recorder(overrides: { burstPerObject?: number; seriesRefreshMs?: number } = {}) {
  const clock = fakeClock(Date.parse('2030-01-01T00:00:00Z'));
  const sink = memoryEvents();
  const events = createEventRecorder({
    sink,
    clock,
    logger: captureLogs().logger,
    instance: 'nimbus-0',
    seriesWindowMs: 6 * 60_000,
    seriesRefreshMs: 30_000,
    ...overrides,
  });
  return { clock, sink, events };
}

describe('the Events recorder', () => {
  it('writes an events.k8s.io Event about a cluster-scoped object in default, naming the reporter', async () => {
    const { sink, events } = recorder();
    events.record(alice, outside);
    await events.flush();
    expect(sink.events).toEqual([
      expect.objectContaining({
        namespace: clusterScopedEventNamespace,
        regarding: alice,
        ...outside,
        reportingController,
        reportingInstance: 'nimbus-0',
        eventTime: '2030-01-01T00:00:00.000Z',
      }),
    ]);
    expect(sink.events[0]?.name).toMatch(/^alice\.[0-9a-f]{16}$/);
  });

  it('folds repeats into one Event with a count, written at the second and then once per refresh', async () => {
    const { clock, sink, events } = recorder();
    for (let i = 0; i < 1_000; i++) {
      events.record(alice, outside);
      clock.advance(10);
    }
    await events.flush();
    expect(sink.events).toHaveLength(1);
    expect(sink.events[0]?.series).toEqual({
      count: 1_000,
      lastObservedTime: new Date(clock.now() - 10).toISOString(),
    });
    // Create, the second occurrence, and the count on its refresh and at flush: not 1 000 writes.
    expect(sink.writes).toBeLessThanOrEqual(4);
  });

  it('writes a repeating count every 5 minutes unless told otherwise, not every 30 s', async () => {
    const { clock, sink, events } = recorder({ seriesRefreshMs: undefined });
    events.record(alice, outside);
    await clock.run(0);
    events.record(alice, outside);
    await clock.run(0);
    expect(sink.events[0]?.series?.count).toBe(2);
    events.record(alice, outside);
    await clock.run(4 * 60_000 + 59_000);
    expect(sink.events[0]?.series?.count).toBe(2);
    await clock.run(1_000);
    expect(sink.events[0]?.series?.count).toBe(3);
  });

  it('limits how many different Events one object may start, then lets one through per refill', async () => {
    const { clock, sink, events } = recorder({ burstPerObject: 3 });
    const noisy = (i: number) => ({ ...outside, reason: `Attempt${i}`, note: `attempt ${i}` });
    for (let i = 0; i < 10; i++) events.record(alice, noisy(i));
    events.record({ ...alice, name: 'bob', uid: 'uid-bob' }, outside);
    await events.flush();
    expect(sink.about('alice')).toHaveLength(3);
    expect(sink.about('bob')).toHaveLength(1);
    clock.advance(5 * 60_000);
    events.record(alice, noisy(11));
    events.record(alice, noisy(12));
    await events.flush();
    expect(sink.about('alice').map((e) => e.note)).toEqual([
      'attempt 0',
      'attempt 1',
      'attempt 2',
      'attempt 11',
    ]);
  });

  it('counts a problem whose wording changes while it lasts into its one Event', async () => {
    const { clock, sink, events } = recorder();
    const missing = (users: string) => ({
      type: 'Warning' as const,
      reason: 'MemberNotFound',
      action: 'Validate',
      note: `users ${users} do not exist`,
    });
    events.record(alice, missing('u-1, u-2, u-3'));
    clock.advance(1_000);
    events.record(alice, missing('u-2, u-3'));
    clock.advance(1_000);
    events.record(alice, missing('u-3'));
    // Another reason, or another action, is another Event.
    events.record(alice, {
      ...missing('u-3'),
      reason: 'MemberNotInOrganization',
      note: 'user u-3 is not a member of organization acme',
    });
    events.record(alice, { ...missing('u-3'), action: 'Reconcile' });
    await events.flush();
    expect(sink.about('alice').map((e) => [e.reason, e.action, e.note, e.series?.count])).toEqual([
      ['MemberNotFound', 'Validate', 'users u-1, u-2, u-3 do not exist', 3],
      [
        'MemberNotInOrganization',
        'Validate',
        'user u-3 is not a member of organization acme',
        undefined,
      ],
      ['MemberNotFound', 'Reconcile', 'users u-3 do not exist', undefined],
    ]);
  });

  it('starts a new Event when the same thing happens again after the series window', async () => {
    const { clock, sink, events } = recorder();
    events.record(alice, outside);
    await events.flush();
    clock.advance(7 * 60_000);
    events.record(alice, outside);
    await events.flush();
    expect(sink.events).toHaveLength(2);
    expect(sink.events.every((e) => e.series === undefined)).toBe(true);
  });

  it('never lets a credential into a note, and keeps a note within 1 kB', () => {
    const leaked = safeNote(
      'GET /version answered 401 with Authorization: Bearer abc.def-ghi and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig',
    );
    expect(leaked).not.toMatch(/abc\.def-ghi|eyJhbGci/);
    expect(safeNote('-----BEGIN RSA PRIVATE KEY-----\nMIIE...')).not.toContain('MIIE');
    expect(Buffer.byteLength(safeNote('ü'.repeat(2_000)))).toBeLessThanOrEqual(1024);
    expect(safeNote('line one\nline two')).toBe('line one line two');
  });

  it('goes on when the hub refuses an Event, and records it again later', async () => {
    const { sink, events } = recorder();
    const create = sink.create.bind(sink);
    sink.create = async () => {
      throw new Error('hub down');
    };
    events.record(alice, outside);
    await events.flush();
    await settle();
    sink.create = create;
    events.record(alice, outside);
    await events.flush();
    expect(sink.events).toHaveLength(1);
  });
});

describe('the hub sink', () => {
  it('writes series times as metav1.MicroTime, which the API server insists on', () => {
    expect(microTime('2030-01-01T00:00:03.120Z')).toBe('2030-01-01T00:00:03.120000Z');
  });
});
