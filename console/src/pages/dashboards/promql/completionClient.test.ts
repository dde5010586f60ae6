import { EqlRegex, EqlSingle, Neq, NeqRegex } from '@prometheus-io/lezer-promql';
import { expect, it } from 'vitest';
import { completionClient, selectorOf, type ValuesRequest } from './completionClient';

const recording = (answer: string[] | Error) => {
  const asked: ValuesRequest[] = [];
  const client = completionClient((request) => {
    asked.push(request);
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
  return { asked, client };
};

it('asks for metric names as the values of __name__ with the typed prefix', async () => {
  const { asked, client } = recording(['up', 'node_load1']);
  expect(await client.metricNames('no')).toEqual(['up', 'node_load1']);
  expect(asked).toEqual([{ label: '__name__', prefix: 'no' }]);
});

it('asks for label names of one metric, or of every series without one', async () => {
  const { asked, client } = recording(['job']);
  await client.labelNames('up');
  await client.labelNames();
  expect(asked).toEqual([{ match: 'up' }, { match: undefined }]);
});

it('narrows label values by the metric and the other matchers, each with its operator', async () => {
  const { asked, client } = recording(['demo']);
  const matchers = [
    { type: EqlSingle, name: 'job', value: 'kwok' },
    { type: Neq, name: 'node', value: 'n"1' },
    { type: EqlRegex, name: 'pod', value: 'web-.*' },
    { type: NeqRegex, name: 'container', value: 'side.*' },
    { type: EqlSingle, name: 'namespace', value: 'typed-so-far' },
    { type: EqlSingle, name: 'empty', value: '' },
  ];
  await client.labelValues('namespace', 'kube_pod_info', matchers as never);
  expect(asked).toEqual([
    {
      label: 'namespace',
      match: 'kube_pod_info{job="kwok",node!="n\\"1",pod=~"web-.*",container!~"side.*"}',
    },
  ]);
});

it('builds a selector from matchers alone and none from nothing', () => {
  expect(selectorOf(undefined, [{ type: EqlSingle, name: 'job', value: 'x' }])).toBe('{job="x"}');
  expect(selectorOf('', [])).toBeUndefined();
});

it('completes nothing when the call fails (refused or unreachable cluster)', async () => {
  const { client } = recording(new Error('9997'));
  expect(await client.labelValues('job')).toEqual([]);
  expect(await client.metricMetadata()).toEqual({});
  expect(await client.series('up')).toEqual([]);
  expect(await client.flags()).toEqual({});
});
