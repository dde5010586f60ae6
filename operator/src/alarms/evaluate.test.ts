import { describe, expect, it } from 'vitest';
import type { RuleTerms, TrackedAlarm } from './evaluate.js';
import { compare, evaluateRule, markDelivered, repeatIntervalMs } from './evaluate.js';
import type { SilenceWindow } from './silence-match.js';

const rule: RuleTerms = {
  name: 'deployment-unavailable',
  cluster: 'member-a',
  operator: '>',
  threshold: 0,
  durationSeconds: 60,
};
const t0 = Date.parse('2030-01-01T00:00:00Z');
const series = (value: number, deployment = 'web') => ({
  labels: { deployment, namespace: 'shop' },
  value,
});

function run(
  steps: Array<{ at: number; value: number; silences?: SilenceWindow[] }>,
  terms = rule,
) {
  let tracked: ReadonlyMap<string, TrackedAlarm> = new Map();
  return steps.map(({ at, value, silences = [] }) => {
    const result = evaluateRule(terms, [series(value)], tracked, silences, at);
    // Every notification is delivered at once, as a working receiver would.
    for (const alarm of result.toNotify) {
      result.tracked.set(alarm.fingerprint, markDelivered(alarm, at));
    }
    tracked = result.tracked;
    const [only] = [...result.tracked.values()];
    return {
      state: only?.state ?? 'none',
      notified: result.toNotify.length,
      resolved: result.resolved.length,
    };
  });
}

describe('evaluateRule', () => {
  it('compares with each operator and never fires on NaN', () => {
    expect(compare(2, '>', 1)).toBe(true);
    expect(compare(1, '>=', 1)).toBe(true);
    expect(compare(1, '<', 1)).toBe(false);
    expect(compare(1, '<=', 1)).toBe(true);
    expect(compare(1, '==', 1)).toBe(true);
    expect(compare(1, '!=', 1)).toBe(false);
    expect(compare(Number.NaN, '!=', 1)).toBe(false);
  });

  it('is pending until the condition held for the duration, then notifies once', () => {
    expect(
      run([
        { at: t0, value: 1 },
        { at: t0 + 30_000, value: 1 },
        { at: t0 + 60_000, value: 2 },
        { at: t0 + 90_000, value: 2 },
      ]),
    ).toEqual([
      { state: 'pending', notified: 0, resolved: 0 },
      { state: 'pending', notified: 0, resolved: 0 },
      { state: 'active', notified: 1, resolved: 0 },
      { state: 'active', notified: 0, resolved: 0 },
    ]);
  });

  it('fires at once with duration 0 and resolves when the condition ends', () => {
    expect(
      run(
        [
          { at: t0, value: 1 },
          { at: t0 + 15_000, value: 0 },
        ],
        { ...rule, durationSeconds: 0 },
      ),
    ).toEqual([
      { state: 'active', notified: 1, resolved: 0 },
      { state: 'none', notified: 0, resolved: 1 },
    ]);
  });

  it('forgets a pending series that recovers, without resolving it', () => {
    expect(
      run([
        { at: t0, value: 1 },
        { at: t0 + 30_000, value: 0 },
        { at: t0 + 60_000, value: 1 },
      ]),
    ).toEqual([
      { state: 'pending', notified: 0, resolved: 0 },
      { state: 'none', notified: 0, resolved: 0 },
      { state: 'pending', notified: 0, resolved: 0 },
    ]);
  });

  it('stays unprocessed, and is offered again, until a delivery succeeds', () => {
    const instant = { ...rule, durationSeconds: 0 };
    const first = evaluateRule(instant, [series(1)], new Map(), [], t0);
    expect(first.toNotify.map((a) => a.state)).toEqual(['unprocessed']);
    const again = evaluateRule(instant, [series(1)], first.tracked, [], t0 + 15_000);
    expect(again.toNotify).toHaveLength(1);
    expect(again.toNotify[0]?.firedAt).toBe(t0);
  });

  it('repeats a delivered alarm after the repeat interval', () => {
    const instant = { ...rule, durationSeconds: 0 };
    const steps = run(
      [
        { at: t0, value: 1 },
        { at: t0 + repeatIntervalMs - 1, value: 1 },
        { at: t0 + repeatIntervalMs, value: 1 },
      ],
      instant,
    );
    expect(steps.map((s) => s.notified)).toEqual([1, 0, 1]);
  });

  it('is suppressed while a matching silence of its cluster is active, and told after it expires', () => {
    const silence: SilenceWindow = {
      name: 'maintenance',
      cluster: 'member-a',
      matchers: [
        { name: 'alertname', value: 'deployment-unavailable', isRegex: false, isEqual: true },
      ],
      startsAt: new Date(t0).toISOString(),
      endsAt: new Date(t0 + 120_000).toISOString(),
    };
    const otherCluster = { ...silence, name: 'elsewhere', cluster: 'member-b' };
    const steps = run(
      [
        { at: t0, value: 1, silences: [silence] },
        { at: t0 + 60_000, value: 1, silences: [otherCluster] },
        { at: t0 + 61_000, value: 1, silences: [silence] },
        { at: t0 + 120_000, value: 1, silences: [silence] },
      ],
      { ...rule, durationSeconds: 0 },
    );
    expect(steps).toEqual([
      { state: 'suppressed', notified: 0, resolved: 0 },
      { state: 'active', notified: 1, resolved: 0 },
      { state: 'suppressed', notified: 0, resolved: 0 },
      { state: 'active', notified: 1, resolved: 0 },
    ]);
  });

  it('tracks each series on its own with alertname and cluster labels', () => {
    const result = evaluateRule(
      { ...rule, durationSeconds: 0 },
      [series(1, 'web'), series(0, 'db'), series(3, 'api')],
      new Map(),
      [],
      t0,
    );
    expect([...result.tracked.values()].map((a) => a.labels)).toEqual([
      {
        deployment: 'web',
        namespace: 'shop',
        alertname: 'deployment-unavailable',
        cluster: 'member-a',
      },
      {
        deployment: 'api',
        namespace: 'shop',
        alertname: 'deployment-unavailable',
        cluster: 'member-a',
      },
    ]);
  });
});
