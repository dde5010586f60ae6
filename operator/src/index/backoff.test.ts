import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

describe('backoffDelay', () => {
  it('doubles the ceiling per attempt up to the cap, scaled by the jitter draw', () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, { baseMs: 100, random: top }))).toEqual([
      99, 199, 399, 799,
    ]);
    expect(backoffDelay(30, { baseMs: 100, capMs: 30_000, random: top })).toBe(29_999);
    expect(backoffDelay(5, { random: () => 0 })).toBe(0);
    expect(backoffDelay(3, { baseMs: 100, random: () => 0.5 })).toBe(200);
  });
});
