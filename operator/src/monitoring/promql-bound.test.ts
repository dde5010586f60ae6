import { describe, expect, it } from 'vitest';
import type { SeriesBound } from './promql-bound.js';
import {
  PromqlBoundError,
  boundMatcher,
  boundQuery,
  boundSeriesSelector,
  unbounded,
} from './promql-bound.js';

const nodesOnly: SeriesBound = { namespaces: [], unnamespaced: true };
const podsOnly: SeriesBound = { namespaces: 'all', unnamespaced: false };
const two: SeriesBound = { namespaces: ['web', 'db'], unnamespaced: false };
const twoAndNodes: SeriesBound = { namespaces: ['web', 'db'], unnamespaced: true };

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof PromqlBoundError) return error.failure;
    throw error;
  }
  return undefined;
};

describe('boundMatcher', () => {
  it('restricts nothing for a caller who sees every namespace and the unnamespaced series', () => {
    expect(boundMatcher(unbounded)).toBeUndefined();
  });

  it('asks for a namespace, none, or one of a set (sorted, with the empty one for nodes)', () => {
    expect(boundMatcher(podsOnly)).toBe('namespace!=""');
    expect(boundMatcher(nodesOnly)).toBe('namespace=""');
    expect(boundMatcher(two)).toBe('namespace=~"db|web"');
    expect(boundMatcher(twoAndNodes)).toBe('namespace=~"|db|web"');
  });

  it('escapes names so each stays a literal alternative', () => {
    expect(boundMatcher({ namespaces: ['a.b', 'x"|.*'], unnamespaced: false })).toBe(
      String.raw`namespace=~"a\\.b|x\"\\|\\.\\*"`,
    );
  });

  it('refuses a bound that lets nothing through', () => {
    expect(failure(() => boundMatcher({ namespaces: [], unnamespaced: false }))).toBe(
      'nothing-visible',
    );
  });
});

describe('boundQuery', () => {
  const ns = 'namespace=""';
  it.each([
    ['up', `up{${ns}}`],
    ['up{}', `up{${ns}}`],
    ['up{job="x"}', `up{job="x",${ns}}`],
    ['up{job="x",}', `up{job="x",${ns},}`],
    ['{__name__=~".+"}', `{__name__=~".+",${ns}}`],
    ['{"my.metric", a="b"}', `{"my.metric", a="b",${ns}}`],
    ['rate(x[5m])', `rate(x{${ns}}[5m])`],
    ['rate(x[5m] offset 1h @ 100)', `rate(x{${ns}}[5m] offset 1h @ 100)`],
    ['x @ start()', `x{${ns}} @ start()`],
    ['max_over_time(rate(x[1m])[1h:5m])', `max_over_time(rate(x{${ns}}[1m])[1h:5m])`],
    ['sum by (namespace) (kube_pod_info)', `sum by (namespace) (kube_pod_info{${ns}})`],
    ['a * on(namespace) group_left(pod) b', `a{${ns}} * on(namespace) group_left(pod) b{${ns}}`],
    ['a unless ignoring(namespace) b', `a{${ns}} unless ignoring(namespace) b{${ns}}`],
    [
      'label_replace(up, "namespace", "$1", "job", "(.*)")',
      `label_replace(up{${ns}}, "namespace", "$1", "job", "(.*)")`,
    ],
    ['up # what\n + 1', `up{${ns}} # what\n + 1`],
    ['1 + 2', '1 + 2'],
    ['vector(1)', 'vector(1)'],
  ])('bounds %j', (query, expected) => {
    expect(boundQuery(query, nodesOnly)).toBe(expected);
  });

  it('keeps the caller’s own namespace matcher beside the bound (both must hold)', () => {
    expect(boundQuery('kube_pod_info{namespace="other"}', two)).toBe(
      'kube_pod_info{namespace="other",namespace=~"db|web"}',
    );
    expect(boundQuery('kube_pod_info{namespace=~".+"}', nodesOnly)).toBe(
      'kube_pod_info{namespace=~".+",namespace=""}',
    );
  });

  it('leaves the query alone for an unbounded caller', () => {
    expect(boundQuery('sum(rate(x[5m]))', unbounded)).toBe('sum(rate(x[5m]))');
  });

  it.each(['', '   ', 'up{', 'up{a="b}', 'sum(', 'up{a="b"} {c="d"}', 'rate(x[5m]'])(
    'refuses %j as not PromQL',
    (query) => {
      expect(failure(() => boundQuery(query, nodesOnly))).toBe('syntax');
    },
  );

  it('refuses info(), which reads series its selectors do not name', () => {
    expect(failure(() => boundQuery('info(up, {k8s_cluster_name=~".+"})', nodesOnly))).toBe(
      'unsupported',
    );
  });
});

describe('boundSeriesSelector', () => {
  it('bounds a selector, and selects by the bound alone without one', () => {
    expect(boundSeriesSelector('up{job="x"}', two)).toBe('up{job="x",namespace=~"db|web"}');
    expect(boundSeriesSelector(undefined, nodesOnly)).toBe('{__name__=~".+",namespace=""}');
    expect(boundSeriesSelector(undefined, unbounded)).toBeUndefined();
    expect(boundSeriesSelector('up', unbounded)).toBe('up');
  });

  it('refuses an expression that is not a series selector', () => {
    expect(failure(() => boundSeriesSelector('sum(up)', nodesOnly))).toBe('syntax');
    expect(failure(() => boundSeriesSelector('up{', nodesOnly))).toBe('syntax');
  });
});
