import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  type FakeEventSource,
  stopFakeEventSources,
  useFakeEventSources,
} from '../../tests/fakeEventSource';
import { LIVE_READ_WINDOW_MS, useLiveRefetch } from './useLiveRefetch';

/** A read the test answers when it likes, as RTK Query's refetch returns it. */
interface HeldRead {
  promise: Promise<unknown> & { requestId: string };
  answer: (requestId: string) => void;
}

function heldRead(requestId: string): HeldRead {
  let answer: (value: unknown) => void = () => undefined;
  const promise = Object.assign(
    new Promise<unknown>((resolve) => {
      answer = resolve;
    }),
    { requestId },
  );
  return { promise, answer: (answeredBy) => answer({ requestId: answeredBy }) };
}

let streams: () => FakeEventSource[];
let reads: HeldRead[];
const refetch = () => {
  const read = heldRead(`r${reads.length + 1}`);
  reads.push(read);
  return read.promise;
};
const podChanged = (name: string) =>
  act(() => {
    const stream = streams()[0];
    if (!stream) throw new Error('no change stream open');
    stream.send('changes', {
      changes: [{ cluster: 'prod', kind: 'pods', namespace: 'shop', name, type: 'upsert' }],
    });
  });
/** Lets the answered read's callbacks run, then the window pass. */
const windowPasses = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(LIVE_READ_WINDOW_MS);
  });

/** A second read was asked; answered, it is the last, as nothing changed since. */
const secondReadIsTheLast = async () => {
  expect(reads).toHaveLength(2);
  reads[1]?.answer('r2');
  await windowPasses();
  expect(reads).toHaveLength(2);
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  streams = useFakeEventSources();
  reads = [];
  renderHook(() =>
    useLiveRefetch({ kinds: ['pods'], cluster: 'prod', namespace: 'shop' }, refetch),
  );
  // The stream opens once the page's parts have said what they follow (a microtask later).
  await act(async () => {
    await Promise.resolve();
  });
  act(() => streams()[0]?.send('ready'));
});
afterEach(() => {
  stopFakeEventSources();
  vi.useRealTimers();
});

it('reads at once, then a burst together at the end of the window', async () => {
  await podChanged('web-1');
  expect(reads).toHaveLength(1);
  reads[0]?.answer('r1');
  await podChanged('web-2');
  await podChanged('web-3');
  expect(reads).toHaveLength(1);
  await windowPasses();
  await secondReadIsTheLast();
});

it('reads again, once answered, what changed while a read was on its way', async () => {
  await podChanged('web-1');
  expect(reads).toHaveLength(1);
  // The read's answer may have been made before this change: it is not asked for twice at
  // once (RTK Query would drop the second), but after.
  await podChanged('web-2');
  await windowPasses();
  expect(reads).toHaveLength(1);
  await act(async () => {
    reads[0]?.answer('r1');
    await Promise.resolve();
  });
  await windowPasses();
  await secondReadIsTheLast();
});

it('reads again when the read was answered by another one, which may predate the change', async () => {
  await podChanged('web-1');
  // RTK Query dropped r1 as the same query was being read (by a mutation's invalidation, say)
  // and answered with that read.
  await act(async () => {
    reads[0]?.answer('r0');
    await Promise.resolve();
  });
  await windowPasses();
  await secondReadIsTheLast();
});
