import type { DefaultMetric, MetricSample } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import { filterCatalogue } from './CataloguePanel';
import { targetRows } from './ComponentsPanel';
import { podRows } from './PodSearchPanel';
import { probeRows } from './ProbesPanel';

const sample = (metric: string, labels: Record<string, string>, value: number | null) =>
  ({ metric, labels, value }) satisfies MetricSample;

describe('the monitoring tabs', () => {
  it('list scrape targets with the ones down first', () => {
    const rows = targetRows([
      sample('component_up', { job: 'node', instance: 'b' }, 1),
      sample('apiserver_request_rate', {}, 12),
      sample('component_up', { job: 'apiserver', instance: 'a' }, 1),
      sample('component_up', { job: 'node', instance: 'a' }, 0),
    ]);
    expect(rows.map((row) => [row.job, row.instance, row.up])).toEqual([
      ['node', 'a', false],
      ['apiserver', 'a', true],
      ['node', 'b', true],
    ]);
  });

  it('put one probed address on a row, failed ones first', () => {
    const rows = probeRows([
      sample('probe_success', { instance: 'http://ok' }, 1),
      sample('probe_duration', { instance: 'http://ok' }, 0.02),
      sample('probe_http_status', { instance: 'http://ok' }, 200),
      sample('probe_success', { instance: 'http://down' }, 0),
      sample('probe_http_status', { instance: 'http://down' }, 503),
    ]);
    expect(rows).toEqual([
      { address: 'http://down', success: 0, duration: null, status: 503 },
      { address: 'http://ok', success: 1, duration: 0.02, status: 200 },
    ]);
  });

  it('filter the catalogue by key or PromQL, in any case', () => {
    const items: DefaultMetric[] = [
      {
        key: 'cpu_utilization',
        scope: 'cluster',
        unit: 'percent',
        query: 'avg(rate(Node_cpu[5m]))',
      },
      { key: 'pod_memory_usage', scope: 'pod', unit: 'bytes', query: 'sum(container_memory)' },
    ];
    expect(filterCatalogue(items, ' CPU ').map((item) => item.key)).toEqual(['cpu_utilization']);
    expect(filterCatalogue(items, 'node_cpu').map((item) => item.key)).toEqual(['cpu_utilization']);
    expect(filterCatalogue(items, 'container').map((item) => item.key)).toEqual([
      'pod_memory_usage',
    ]);
    expect(filterCatalogue(items, '')).toHaveLength(2);
  });

  it("join a found pod's CPU and memory, per cluster, the busiest first", () => {
    const where = (cluster: string) => ({ vendor: 'ProviderKubeconfig', region: 'local', cluster });
    const rows = podRows({
      items: [
        {
          providerTopology: where('a'),
          resources: [
            {
              type: 'cpu',
              unit: 'cores',
              samples: [
                { labels: { name: 'web-1', namespace: 'shop' }, value: 0.1 },
                { labels: { name: 'web-2', namespace: 'shop' }, value: 0.5 },
              ],
            },
            {
              type: 'memory',
              unit: 'bytes',
              samples: [{ labels: { name: 'web-1', namespace: 'shop' }, value: 2048 }],
            },
          ],
        },
        {
          providerTopology: where('b'),
          resources: [
            {
              type: 'cpu',
              unit: 'cores',
              samples: [{ labels: { name: 'web-1', namespace: 'shop' }, value: 0.3 }],
            },
          ],
        },
      ],
    });
    expect(rows.map((row) => [row.cluster, row.name, row.cpu, row.memory])).toEqual([
      ['a', 'web-2', 0.5, null],
      ['b', 'web-1', 0.3, null],
      ['a', 'web-1', 0.1, 2048],
    ]);
  });
});
