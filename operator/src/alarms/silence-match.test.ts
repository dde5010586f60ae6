import { describe, expect, it } from 'vitest';
import { matcherMatches, silenceState, silencing } from './silence-match.js';

const labels = { alertname: 'cpu-high', namespace: 'shop', cluster: 'member-a' };
const m = (name: string, value: string, isRegex = false, isEqual = true) => ({
  name,
  value,
  isRegex,
  isEqual,
});

describe('silence matching', () => {
  it('matches equal, negated and anchored regular expressions', () => {
    expect(matcherMatches(m('namespace', 'shop'), labels)).toBe(true);
    expect(matcherMatches(m('namespace', 'shop', false, false), labels)).toBe(false);
    expect(matcherMatches(m('namespace', 'sh.*', true), labels)).toBe(true);
    expect(matcherMatches(m('namespace', 'ho', true), labels)).toBe(false);
    expect(matcherMatches(m('namespace', 'db|web', true, false), labels)).toBe(true);
  });

  it('treats a missing label as empty and a broken regex as no match', () => {
    expect(matcherMatches(m('pod', ''), labels)).toBe(true);
    expect(matcherMatches(m('namespace', '(', true), labels)).toBe(false);
  });

  it('is active from start to end (exclusive), and only for its cluster', () => {
    const silence = {
      name: 's',
      cluster: 'member-a',
      matchers: [m('alertname', 'cpu-high')],
      startsAt: '2030-01-01T00:00:00Z',
      endsAt: '2030-01-01T01:00:00Z',
    };
    const start = Date.parse(silence.startsAt);
    const end = Date.parse(silence.endsAt);
    expect(silenceState(silence, start - 1)).toBe('pending');
    expect(silenceState(silence, start)).toBe('active');
    expect(silenceState(silence, end)).toBe('expired');
    expect(silencing([silence], 'member-a', labels, start)?.name).toBe('s');
    expect(silencing([silence], 'member-a', labels, end)).toBeUndefined();
    expect(silencing([silence], 'member-b', labels, start)).toBeUndefined();
    expect(
      silencing([{ ...silence, matchers: [m('alertname', 'other')] }], 'member-a', labels, start),
    ).toBeUndefined();
  });
});
