import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeEventSource,
  stopFakeEventSources,
  useFakeEventSources,
} from '../../tests/fakeEventSource';
import { followChanges, liveStatus } from './changeStream';

const settle = () => new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
let open: () => FakeEventSource[] = () => [];
const change = (kind: string, name: string, namespace = 'shop', cluster = 'alpha') => ({
  cluster,
  kind,
  namespace,
  name,
  type: 'upsert',
});

afterEach(stopFakeEventSources);

describe('followChanges', () => {
  it('shares one stream for the union of what the page follows, and tells only who it concerns', async () => {
    open = useFakeEventSources();
    const list = vi.fn();
    const detail = vi.fn();
    const stopList = followChanges({ kinds: ['pods'], cluster: 'alpha', namespace: 'shop' }, list);
    const stopDetail = followChanges(
      { kinds: ['deployments'], cluster: 'alpha', namespace: 'shop', name: 'web' },
      detail,
    );
    await settle();
    expect(open()).toHaveLength(1);
    const url = new URL(open()[0]?.url ?? '', 'http://console.test');
    expect(url.pathname).toMatch(/\/crd\.[^/]+\/changes$/);
    expect(url.searchParams.getAll('kind')).toEqual(['deployments', 'pods']);
    expect(url.searchParams.get('cluster')).toBe('alpha');
    expect(url.searchParams.get('namespace')).toBe('shop');

    const source = open()[0] as FakeEventSource;
    source.send('ready');
    expect(liveStatus()).toBe('live');
    source.send('changes', { changes: [change('deployments', 'api')] });
    expect(detail).not.toHaveBeenCalled();
    source.send('changes', { changes: [change('pods', 'web-1'), change('deployments', 'web')] });
    expect(list).toHaveBeenCalledTimes(1);
    expect(detail).toHaveBeenCalledTimes(1);
    source.send('changes', {
      changes: [{ cluster: 'alpha', kind: 'deployments', namespace: '', name: '', type: 'relist' }],
    });
    expect(detail).toHaveBeenCalledTimes(2);

    // The stream broke: once it is back everything is read again, as changes were missed.
    source.fail(0);
    expect(liveStatus()).toBe('connecting');
    source.send('ready');
    expect(list).toHaveBeenCalledTimes(2);
    expect(detail).toHaveBeenCalledTimes(3);

    stopDetail();
    await settle();
    expect(source.closed).toBe(true);
    expect(
      new URL(open()[0]?.url ?? '', 'http://console.test').searchParams.getAll('kind'),
    ).toEqual(['pods']);
    stopList();
    await settle();
    expect(open()).toHaveLength(0);
    expect(liveStatus()).toBe('off');
  });

  it('drops the cluster from the stream when followers differ, and never asks for a kind the index lacks', async () => {
    open = useFakeEventSources();
    const stops = [
      followChanges({ kinds: ['pods'], cluster: 'alpha' }, vi.fn()),
      followChanges({ kinds: ['pods', 'widgets'], cluster: 'bravo' }, vi.fn()),
    ];
    await settle();
    const url = new URL(open()[0]?.url ?? '', 'http://console.test');
    expect(url.searchParams.getAll('kind')).toEqual(['pods']);
    expect(url.searchParams.has('cluster')).toBe(false);
    for (const stop of stops) stop();
    await settle();
    const unknown = followChanges({ kinds: ['widgets'] }, vi.fn());
    await settle();
    expect(open()).toHaveLength(0);
    unknown();
  });

  it('follows nothing where the browser has no EventSource', async () => {
    const stop = followChanges({ kinds: ['pods'] }, vi.fn());
    await settle();
    expect(liveStatus()).toBe('off');
    stop();
  });

  it("follows an admin list of one organization, told only of that organization's changes", async () => {
    open = useFakeEventSources();
    const clusters = vi.fn();
    const pods = vi.fn();
    const stops = [
      followChanges({ kinds: ['hub.clusters'], organization: 'acme-uid' }, clusters),
      followChanges({ kinds: ['pods'] }, pods),
    ];
    await settle();
    const url = new URL(open()[0]?.url ?? '', 'http://console.test');
    expect(url.searchParams.getAll('kind')).toEqual(['hub.clusters', 'pods']);
    const source = open()[0] as FakeEventSource;
    source.send('ready');
    const listChanged = (organization: string) => ({
      cluster: '',
      kind: 'hub.clusters',
      namespace: '',
      name: '',
      type: 'relist',
      organization,
    });
    source.send('changes', { changes: [listChanged('globex-uid')] });
    expect(clusters).not.toHaveBeenCalled();
    source.send('changes', { changes: [listChanged('acme-uid')] });
    expect(clusters).toHaveBeenCalledTimes(1);
    expect(pods).not.toHaveBeenCalled();
    for (const stop of stops) stop();
  });
});
