import { describe, expect, it } from 'vitest';
import { fakeClock } from '../testing/fake-clock.js';
import { statusPace } from './status-pace.js';

describe('the status pace', () => {
  it('lets an object never written, or written a gap ago, write at once, and others wait the rest', () => {
    const clock = fakeClock(1_000);
    const pace = statusPace(clock, 30_000);
    expect(pace.waitMs('a')).toBe(0);
    pace.wrote('a');
    clock.advance(10_000);
    pace.wrote('b');
    expect(pace.waitMs('a')).toBe(20_000);
    expect(pace.waitMs('b')).toBe(30_000);
    clock.advance(20_000);
    expect(pace.waitMs('a')).toBe(0);
    expect(pace.waitMs('b')).toBe(10_000);
    // Written again: its gap starts over.
    pace.wrote('a');
    clock.advance(15_000);
    expect(pace.waitMs('a')).toBe(15_000);
    expect(pace.waitMs('b')).toBe(0);
  });
});
