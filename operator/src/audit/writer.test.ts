import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRecord } from '../testing/audit.js';
import { anonymous } from './record.js';
import type { AuditRecord } from './record.js';
import type { AuditWriter, AuditWriterOptions } from './writer.js';
import { createAuditWriter } from './writer.js';

const writers: AuditWriter[] = [];
afterEach(() => {
  for (const writer of writers.splice(0)) void writer.close();
  vi.useRealTimers();
});

function harness(options: Partial<AuditWriterOptions> = {}) {
  const batches: string[][] = [];
  const state: { dropped: number; errors: number; failing: boolean; gate?: Promise<void> } = {
    dropped: 0,
    errors: 0,
    failing: false,
  };
  const writer = createAuditWriter({
    async write(records: readonly AuditRecord[]) {
      if (state.gate) await state.gate;
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
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
  });

  it('drops the oldest records when full and counts every drop', async () => {
    const { writer, batches, state } = harness({ capacity: 3, flushIntervalMs: 60_000 });
    state.failing = true;
    for (const id of ['1', '2', '3', '4', '5']) writer.enqueue(sampleRecord({ id }));
    expect(state.dropped).toBe(2);
    expect(writer.pending).toBe(3);
    state.failing = false;
    expect(await writer.flush()).toBe(true);
    expect(batches).toEqual([['3', '4', '5']]);
  });

  it("cannot be made to drop a signed-in caller's record by a flood of anonymous calls", async () => {
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
    expect(await writer.flush()).toBe(true);
    expect(batches).toEqual([['alice-1', 'alice-2', 'stranger-999', 'stranger-1000']]);
  });

  it('keeps a failed batch queued and writes it on a later flush', async () => {
    const { writer, batches, state } = harness({ flushIntervalMs: 60_000 });
    state.failing = true;
    writer.enqueue(sampleRecord({ id: 'kept' }));
    expect(await writer.flush()).toBe(false);
    expect(state.errors).toBe(1);
    state.failing = false;
    expect(await writer.flush()).toBe(true);
    expect(batches).toEqual([['kept']]);
  });

  it('never drops the batch being written, and puts a failed one back in front', async () => {
    const { writer, batches, state } = harness({
      capacity: 3,
      batchSize: 2,
      flushIntervalMs: 60_000,
    });
    let fail = (_error: Error): void => undefined;
    state.gate = new Promise((_resolve, reject) => (fail = reject));
    writer.enqueue(sampleRecord({ id: '1' }));
    writer.enqueue(sampleRecord({ id: '2' }));
    const first = writer.flush();
    // While 1 and 2 are written, three more fill the queue without touching them.
    for (const id of ['3', '4', '5']) writer.enqueue(sampleRecord({ id }));
    expect(state.dropped).toBe(0);
    expect(writer.pending).toBe(5);
    // A flush asked for meanwhile follows the one running.
    const second = writer.flush();
    // Only the write in flight fails: it holds the gate.
    state.gate = undefined;
    fail(new Error('disk full'));
    expect(await first).toBe(false);
    // Back in front of 3, 4, 5 with room for three: the oldest two go, counted.
    expect(state.dropped).toBe(2);
    expect(await second).toBe(true);
    expect(batches).toEqual([['3', '4'], ['5']]);
    expect(writer.pending).toBe(0);
  });

  it('writes everything left when closed', async () => {
    const { writer, batches } = harness({ flushIntervalMs: 60_000 });
    writer.enqueue(sampleRecord({ id: 'last' }));
    expect(await writer.close()).toBe(true);
    expect(batches).toEqual([['last']]);
    expect(writer.pending).toBe(0);
  });
});
