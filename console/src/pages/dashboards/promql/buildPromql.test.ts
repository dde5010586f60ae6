import { describe, expect, it } from 'vitest';
import { buildPromql, quote } from './buildPromql';

describe('buildPromql', () => {
  it('is empty without a metric and the bare metric without functions', () => {
    expect(buildPromql({ metric: '' })).toBe('');
    expect(buildPromql({ metric: 'up' })).toBe('up');
  });

  it('writes the label filters =, != and =~ with quoted values', () => {
    expect(
      buildPromql({
        metric: 'kube_pod_info',
        filters: [
          { label: 'namespace', operator: '=', value: 'shop' },
          { label: 'node', operator: '!=', value: 'n1' },
          { label: 'pod', operator: '=~', value: 'web-.*' },
        ],
      }),
    ).toBe('kube_pod_info{namespace="shop", node!="n1", pod=~"web-.*"}');
  });

  it('gives rate, irate and increase the interval, then aggregates by the labels', () => {
    expect(
      buildPromql({
        metric: 'container_cpu_usage_seconds_total',
        functions: ['rate', 'sum'],
        dimension: 'by',
        labels: ['namespace', 'pod'],
        interval: '1m',
      }),
    ).toBe('sum by (namespace, pod) (rate(container_cpu_usage_seconds_total[1m]))');
    expect(buildPromql({ metric: 'x', functions: ['irate'] })).toBe('irate(x[5m])');
    expect(buildPromql({ metric: 'x', functions: ['increase'], interval: '1h' })).toBe(
      'increase(x[1h])',
    );
  });

  it('aggregates without labels, and count/min/max/avg without any grouping', () => {
    expect(
      buildPromql({ metric: 'up', functions: ['count'], dimension: 'without', labels: ['job'] }),
    ).toBe('count without (job) (up)');
    for (const fn of ['min', 'max', 'avg'] as const) {
      expect(buildPromql({ metric: 'up', functions: [fn] })).toBe(`${fn} (up)`);
    }
  });

  it('passes K to topk and bottomk', () => {
    expect(buildPromql({ metric: 'node_load1', functions: ['topk'], k: 3 })).toBe(
      'topk (3, node_load1)',
    );
    expect(
      buildPromql({ metric: 'node_load1', functions: ['bottomk'], k: 2, labels: ['instance'] }),
    ).toBe('bottomk by (instance) (2, node_load1)');
  });

  it('turns a range function after an aggregation into a subquery', () => {
    expect(buildPromql({ metric: 'x', functions: ['sum', 'rate'], interval: '5m' })).toBe(
      'rate(sum (x)[5m:])',
    );
  });

  it('escapes quotes and backslashes in values', () => {
    expect(quote('a"b\\c')).toBe('"a\\"b\\\\c"');
  });
});
