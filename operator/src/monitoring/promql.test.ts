import { timeRangeQuery } from '@nimbus/api';
import { maxPointsPerSeries } from '@nimbus/api/shared';
import { describe, expect, it } from 'vitest';
import { defaultMetrics, infraMetrics } from './catalogue.js';
import { UnknownMetricError, fillQuery, hasRange, pickMetrics, resolveRange } from './promql.js';

const now = 1_800_000_000;
const parse = (query: Record<string, string>) => timeRangeQuery.parse(query);

describe('resolveRange', () => {
  it('ends a preset now and defaults to the last hour', () => {
    expect(resolveRange(parse({}), now)).toMatchObject({ start: now - 3_600, end: now });
    expect(resolveRange(parse({ range: '15m' }), now)).toMatchObject({
      start: now - 900,
      end: now,
    });
    const week = resolveRange(parse({ range: '7d' }), now);
    expect(week.start).toBeGreaterThan(now - 7 * 86_400 - week.step);
    expect(week.start).toBeGreaterThanOrEqual(now - 7 * 86_400);
  });

  it('puts the last evaluation point at the end, so the newest samples are shown', () => {
    for (const range of ['15m', '1h', '1d', '7d'] as const) {
      const resolved = resolveRange(parse({ range, step: '10' }), now);
      expect((resolved.end - resolved.start) % resolved.step).toBe(0);
    }
    const custom = resolveRange(parse({ start: '1000', end: '4650', step: '60' }), now);
    expect(custom).toEqual({ start: 1050, end: 4650, step: 60 });
  });

  it('keeps a custom range and the step asked for when it is coarse enough', () => {
    expect(resolveRange(parse({ start: '1000', end: '4600', step: '60' }), now)).toEqual({
      start: 1000,
      end: 4600,
      step: 60,
    });
  });

  it('coarsens the step so no series has more than the bound of points', () => {
    for (const range of ['15m', '1h', '1d', '7d'] as const) {
      const resolved = resolveRange(parse({ range, step: '10' }), now);
      expect((resolved.end - resolved.start) / resolved.step + 1).toBeLessThanOrEqual(
        maxPointsPerSeries,
      );
    }
    const month = resolveRange(parse({ start: '0', end: String(31 * 86_400) }), now);
    expect(month.step).toBeGreaterThanOrEqual(Math.ceil((31 * 86_400) / (maxPointsPerSeries - 1)));
  });

  it('never goes under 10 s steps', () => {
    expect(resolveRange(parse({ start: '100', end: '100' }), now).step).toBe(10);
  });

  it('tells a range query from an instant one', () => {
    expect(hasRange(parse({}))).toBe(false);
    expect(hasRange(parse({ range: '1h' }))).toBe(true);
    expect(hasRange(parse({ start: '1', end: '2' }))).toBe(true);
  });
});

describe('the time-range query', () => {
  const issues = (query: Record<string, string>) => {
    const result = timeRangeQuery.safeParse(query);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts every time-range preset and refuses others', () => {
    for (const range of ['15m', '30m', '1h', '2h', '5h', '12h', '1d', '3d', '7d']) {
      expect(issues({ range })).toEqual([]);
    }
    expect(issues({ range: '2w' })).not.toEqual([]);
  });

  it("refuses a start later than the end with the SPEC's words", () => {
    expect(issues({ start: '20', end: '10' })).toEqual(["Start time couldn't later than end time"]);
  });

  it('refuses half a custom range, a preset with one, and more than 31 days', () => {
    expect(issues({ start: '10' })).toEqual(['start and end go together']);
    expect(issues({ range: '1h', start: '1', end: '2' })).toEqual([
      'give either range or start and end',
    ]);
    expect(issues({ start: '0', end: String(32 * 86_400) })).toEqual([
      'the range may cover at most 31 days',
    ]);
    expect(issues({ step: '1' })).not.toEqual([]);
  });
});

describe('fillQuery', () => {
  it('matches every node unless one is chosen, escaped as a literal', () => {
    const query = 'up{node=~"$node"}';
    expect(fillQuery(query, {})).toBe('up{node=~".+"}');
    expect(fillQuery(query, { node: 'a.b' })).toBe('up{node=~"a\\\\.b"}');
  });

  it('keeps quotes and backslashes of user text inside the string literal', () => {
    const filled = fillQuery('x{namespace="$namespace",pod="$pod"}', {
      namespace: 'demo"}or vector(1)#',
      pod: 'a\\b',
    });
    expect(filled).toBe('x{namespace="demo\\"}or vector(1)#",pod="a\\\\b"}');
  });

  it('turns a search keyword into a contains-regex of its literal text', () => {
    expect(fillQuery('x{pod=~"$pod"}', { podContains: 'we.b' })).toBe('x{pod=~".*we\\\\.b.*"}');
  });
});

describe('pickMetrics', () => {
  it('answers everything without keys, the named ones in catalogue order, and refuses unknown keys', () => {
    expect(pickMetrics(infraMetrics, undefined)).toHaveLength(infraMetrics.length);
    expect(pickMetrics(infraMetrics, 'load5,cpu_utilization').map((m) => m.key)).toEqual([
      'cpu_utilization',
      'load5',
    ]);
    expect(() => pickMetrics(infraMetrics, 'cpu_utilization,nope')).toThrow(UnknownMetricError);
  });

  it('has each default metric key once', () => {
    const keys = defaultMetrics.map((metric) => metric.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
