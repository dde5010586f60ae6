import { describe, expect, it } from 'vitest';
import { userKind } from '../crds/user.js';
import { hubUser } from '../testing/hub-objects.js';
import { captureLogs } from '../testing/logs.js';
import { fakeClock, settle } from '../testing/fake-clock.js';
import { ObjectIndex } from './object-index.js';
import { startRelistLoop } from './relist-loop.js';

const minute = 60_000;

describe('relist loop', () => {
  it('relists once per interval, never two at a time, and stops', async () => {
    const clock = fakeClock();
    let started = 0;
    let finish: () => void = () => undefined;
    const loop = startRelistLoop(clock, 5 * minute, () => {
      started++;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    clock.advance(5 * minute - 1);
    expect(started).toBe(0);
    clock.advance(1);
    expect(started).toBe(1);
    // The hub is slow: no second list while the first is in flight.
    clock.advance(20 * minute);
    expect(started).toBe(1);
    finish();
    await settle();
    clock.advance(5 * minute);
    expect(started).toBe(2);
    finish();
    await settle();
    loop.stop();
    clock.advance(60 * minute);
    expect(started).toBe(2);
  });

  it('goes on after a failed relist', async () => {
    const clock = fakeClock();
    let attempts = 0;
    startRelistLoop(clock, minute, () => {
      attempts++;
      return Promise.reject(new Error('hub unreachable'));
    });
    await clock.run(3 * minute);
    expect(attempts).toBe(3);
  });

  it('repairs a cache a late answer put a deleted object back into, at the next interval', async () => {
    const clock = fakeClock();
    const index = new ObjectIndex(userKind, captureLogs().logger);
    const deletions: string[] = [];
    index.subscribe((type, object) => {
      if (type === 'delete') deletions.push(object.metadata.name);
    });
    // Tombstones expire after a relist; an answer later than that can still slip in.
    index.remember(hubUser('ghost', '4'));
    startRelistLoop(clock, 5 * minute, () => {
      index.relisted(index.beginRelist(), [], '9');
      return Promise.resolve();
    });
    await clock.run(5 * minute);
    expect(index.get('ghost')).toBeUndefined();
    expect(deletions).toEqual(['ghost']);
  });
});
