import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  API,
  IAM,
  ok,
  page,
  renderAdminRoutes,
  signInWithAccess,
} from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import { crdClusterView } from '../../../../tests/clusterViews';
import { stopFakeEventSources, useFakeEventSources } from '../../../../tests/fakeEventSource';
import ClusterDetailPage from './ClusterDetailPage';

const CRD = `${API}/crd.nimbus.io`;
const place = 'vendors/ProviderKubeconfig/regions/local/clusters/member-b';
const crdCluster = crdClusterView('member-b', 'acme', { ready: false });
const detail = {
  ...crdCluster,
  kubernetesVersion: 'v1.33.1',
  nodeCount: 3,
  readyNodeCount: 2,
  lastProbeTime: '2026-12-01T10:00:00Z',
  conditions: [
    {
      type: 'Ready',
      status: 'False',
      reason: 'Unreachable',
      message: 'dial tcp 127.0.0.1:16442: connection refused',
      lastTransitionTime: '2026-12-01T09:59:00Z',
    },
  ],
  capacity: { cpu: 12, memory: 24 * 1024 ** 3, pods: 330 },
  allocatable: { cpu: 11.5, memory: 22 * 1024 ** 3, pods: 330 },
};
const event = {
  kind: 'Event',
  metadata: {
    name: 'web.1',
    namespace: 'shop',
    uid: 'e-1',
    creationTimestamp: '2026-12-01T09:58:00Z',
  },
  type: 'Warning',
  reason: 'BackOff',
  message: 'Back-off restarting failed container',
  involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
  cluster: 'member-b',
  vendor: 'ProviderKubeconfig',
  region: 'local',
};
const binding = (roleName: string, effect = 'Allow') => ({
  cluster: 'member-b',
  roleId: `${roleName}-uid`,
  roleName,
  effect,
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${CRD}/clusters?cluster=member-b&page=1&pageSize=1`, ok(page([crdCluster], 1)));
  server.respond(`${CRD}/${place}`, ok(detail));
  server.respond(
    `${API}/manage.nimbus.io/monitors/providers/member-b`,
    ok({
      items: [
        {
          id: 'm-1',
          providerId: 'member-b',
          type: 'Prometheus',
          service: { namespace: 'monitoring', name: 'prometheus', port: 9090, scheme: 'http' },
          enabled: true,
        },
      ],
    }),
  );
  server.respond(
    `${CRD}/events?cluster=member-b&sort=created&order=desc&pageSize=10`,
    ok({ items: [event] }),
  );
  server.respond(
    `${IAM}/organizations/acme/users?page=1&pageSize=100&cluster=member-b`,
    ok(
      page([
        {
          uuid: 'u-1',
          userName: 'alice',
          providers: [binding('viewer'), { ...binding('owner'), cluster: 'member-a' }],
        },
      ]),
    ),
  );
  server.respond(
    `${IAM}/organizations/acme/groups?page=1&pageSize=100&cluster=member-b`,
    ok(page([{ uuid: 'g-1', name: 'ops', providers: [binding('owner', 'Deny')] }])),
  );
});
afterEach(() => {
  stopFakeEventSources();
  return server.close();
});

const renderDetail = (name = 'member-b') =>
  renderAdminRoutes(
    [{ path: '/admin/cluster/detail/:name', element: <ClusterDetailPage /> }],
    `/admin/cluster/detail/${name}`,
    server,
  );

it('shows owner, version, nodes, conditions, monitoring, bindings and events', async () => {
  const rendered = renderDetail();
  signInWithAccess(rendered, server, 'system-admin', []);

  const overview = await screen.findByTestId('cluster-overview');
  await within(overview).findByText('v1.33.1');
  for (const text of ['acme', 'NotReady', 'local', 'Kubeconfig']) {
    expect(within(overview).getByText(text)).toBeDefined();
  }
  expect(within(overview).getByText('2 of 3 ready').closest('a')?.getAttribute('href')).toBe(
    '/list/Node?cluster=member-b',
  );
  expect(
    within(overview).getByText('12 cores, 24 GiB memory, 330 pods', { exact: false }),
  ).toBeDefined();

  const conditions = screen.getByTestId('cluster-conditions');
  for (const text of [
    'Ready',
    'False',
    'Unreachable',
    'dial tcp 127.0.0.1:16442: connection refused',
  ]) {
    expect(within(conditions).getByText(text)).toBeDefined();
  }

  const monitoring = screen.getByTestId('cluster-monitoring');
  expect(await within(monitoring).findByText('monitoring/prometheus:9090')).toBeDefined();
  expect(within(monitoring).getByText('On')).toBeDefined();

  const bindings = await screen.findByTestId('cluster-bindings');
  await waitFor(() => expect(within(bindings).getAllByRole('row')).toHaveLength(3));
  const rows = within(bindings)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
  // Only the bindings on this cluster: alice's owner role on member-a is not one.
  expect(rows).toEqual(['Groupopsowner' + 'Deny', 'Useralice' + 'viewer' + 'Allow']);

  const events = screen.getByTestId('cluster-events');
  expect(await within(events).findByText('Back-off restarting failed container')).toBeDefined();
  expect(within(events).getByText('Pod/web-1')).toBeDefined();
  expect(screen.getByTestId('cluster-events-all').getAttribute('href')).toBe(
    '/list/Event?cluster=member-b&sort=created&order=desc',
  );
});

it('shows no bindings to someone who does not administer the owner', async () => {
  const rendered = renderDetail();
  signInWithAccess(rendered, server, 'user', []);
  await within(await screen.findByTestId('cluster-overview')).findByText('v1.33.1');
  await screen.findByTestId('cluster-events');
  expect(screen.queryByTestId('cluster-bindings')).toBeNull();
  expect(server.requests.some((request) => request.path.includes('/users?'))).toBe(false);
});

it('says so for a cluster the caller may not see', async () => {
  server.respond(`${CRD}/clusters?cluster=hidden&page=1&pageSize=1`, ok(page([], 1)));
  renderDetail('hidden');
  expect(await screen.findByText('No cluster hidden that you may see')).toBeDefined();
  expect(screen.getByRole('link', { name: 'Back to the clusters' }).getAttribute('href')).toBe(
    '/admin/cluster/list',
  );
});

it("reads its nodes and events again when the cluster's change stream tells of them", async () => {
  const streams = useFakeEventSources();
  const reads = (path: string) =>
    server.requests.filter((request) => new URL(request.path, server.origin).pathname === path)
      .length;
  const rendered = renderDetail();
  signInWithAccess(rendered, server, 'system-admin', []);
  const events = await screen.findByTestId('cluster-events');
  await within(events).findByText('Back-off restarting failed container');
  // The page follows nodes only once the cluster's detail has come (the events list may come
  // first): the stream is reopened then, so wait for the one open stream to follow both.
  const stream = await waitFor(() => {
    const open = streams();
    expect(open).toHaveLength(1);
    const only = open[0] as NonNullable<(typeof open)[0]>;
    expect(new URL(only.url, server.origin).searchParams.getAll('kind')).toEqual([
      'events',
      'nodes',
    ]);
    return only;
  });
  expect(new URL(stream.url, server.origin).searchParams.get('cluster')).toBe('member-b');
  stream.send('ready');

  const before = { events: reads(`${CRD}/events`), detail: reads(`${CRD}/${place}`) };
  const notice = (kind: string, name: string) => ({
    changes: [{ cluster: 'member-b', kind, namespace: '', name, type: 'upsert' }],
  });
  stream.send('changes', notice('nodes', 'node-a'));
  await waitFor(() => expect(reads(`${CRD}/${place}`)).toBe(before.detail + 1));
  expect(reads(`${CRD}/events`)).toBe(before.events);
  stream.send('changes', {
    changes: [{ ...notice('events', 'web.2').changes[0], namespace: 'shop' }],
  });
  await waitFor(() => expect(reads(`${CRD}/events`)).toBe(before.events + 1));
});
