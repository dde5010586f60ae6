import { describe, expect, it } from 'vitest';
import { rangeFromParams, withRangeParams } from './rangeParams';

describe('the time range in a URL', () => {
  it('reads a preset, a custom range, and falls back to the last hour', () => {
    expect(rangeFromParams(new URLSearchParams('range=7d'))).toEqual({ range: '7d' });
    expect(rangeFromParams(new URLSearchParams('start=100&end=200'))).toEqual({
      start: 100,
      end: 200,
    });
    for (const bad of ['range=8d', 'start=200&end=100', 'start=1e3&end=2000', 'start=5', ''])
      expect(rangeFromParams(new URLSearchParams(bad))).toEqual({ range: '1h' });
  });

  it('writes one kind of range and keeps the other parameters', () => {
    const custom = withRangeParams(new URLSearchParams('cluster=a&range=1h'), {
      start: 1,
      end: 2,
    });
    expect(custom.toString()).toBe('cluster=a&start=1&end=2');
    expect(withRangeParams(custom, { range: '3d' }).toString()).toBe('cluster=a&range=3d');
  });
});
