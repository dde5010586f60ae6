import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRecord } from '../testing/audit.js';
import { anonymous } from './record.js';
import type { AuditRecord } from './record.js';
import type { AuditWriter, AuditWriterOptions } from './writer.js';
import { createAuditWriter } from './writer.js';

const writers: AuditWriter[] = [];
afterEach(() => {
  for (const writer of writers.splice(0)) writer.close();
  vi.useRealTimers();
});

function harness(options: Partial<AuditWriterOptions> = {}) {
  const batches: string[][] = [];
  const state = { dropped: 0, errors: 0, failing: false };
  const writer = createAuditWriter({
    write(records: readonly AuditRecord[]) {
      if (state.failing) throw new Error('disk full');
      batches.push(records.map((record) => record.id));
    },
    onDrop: (count) => (state.dropped += count),
    onWriteError: () => (state.errors += 1),
    flushIntervalMs: 20,
    ...options,
  });
  writers.push(writer);
  return { writer, batches, state };
}

describe('audit write queue', () => {
  it('does not write on the request path but within the flush interval', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { writer, batches } = harness();
    writer.enqueue(sampleRecord({ id: 'r1' }));
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(19);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([['r1']]);
  });

  it('writes full batches without waiting for the interval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
    const { writer, batches } = harness({ batchSize: 3, flushIntervalMs: 60_000 });
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) writer.enqueue(sampleRecord({ id }));
    expect(batches).toEqual([]);
    // The next turn of the event loop, not the 60 s interval.
    vi.advanceTimersByTime(0);
    expect(batches).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
  });

  it('drops the oldest records when full and counts every drop', () => {
    const { writer, batches, state } = harness({ capacity: 3, flushIntervalMs: 60_000 });
    state.failing = true;
    for (const id of ['1', '2', '3', '4', '5']) writer.enqueue(sampleRecord({ id }));
    expect(state.dropped).toBe(2);
    expect(writer.pending).toBe(3);
    state.failing = false;
    expect(writer.flush()).toBe(true);
    expect(batches).toEqual([['3', '4', '5']]);
  });

  it("cannot be made to drop a signed-in caller's record by a flood of anonymous calls", () => {
    const { writer, batches, state } = harness({
      capacity: 3,
      anonymousCapacity: 2,
      flushIntervalMs: 60_000,
    });
    state.failing = true;
    writer.enqueue(sampleRecord({ id: 'alice-1' }));
    writer.enqueue(sampleRecord({ id: 'alice-2' }));
    for (let i = 1; i <= 1000; i++) {
      writer.enqueue(sampleRecord({ id: `stranger-${i}`, userName: anonymous }));
    }
    expect(state.dropped).toBe(998);
    expect(writer.pending).toBe(4);
    state.failing = false;
    expect(writer.flush()).toBe(true);
    expect(batches).toEqual([['alice-1', 'alice-2', 'stranger-999', 'stranger-1000']]);
  });

  it('keeps a failed batch queued and writes it on a later flush', () => {
    const { writer, batches, state } = harness({ flushIntervalMs: 60_000 });
    state.failing = true;
    writer.enqueue(sampleRecord({ id: 'kept' }));
    expect(writer.flush()).toBe(false);
    expect(state.errors).toBe(1);
    state.failing = false;
    expect(writer.flush()).toBe(true);
    expect(batches).toEqual([['kept']]);
  });

  it('writes everything left when closed', () => {
    const { writer, batches } = harness({ flushIntervalMs: 60_000 });
    writer.enqueue(sampleRecord({ id: 'last' }));
    expect(writer.close()).toBe(true);
    expect(batches).toEqual([['last']]);
    expect(writer.pending).toBe(0);
  });
});
