import type { NodeDetail } from '@nimbus/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, chooseOption, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { stopFakeEventSources, useFakeEventSources } from '../../../tests/fakeEventSource';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';

const LOCATION = 'vendors/aws/regions/eu/clusters/prod';
const CRD_NODE = `${API}/crd.nimbus.io/${LOCATION}/nodes/node-a`;
const K8S_NODE = `${API}/k8s.nimbus.io/${LOCATION}/nodes/node-a`;

const nodeDetail = (unschedulable: boolean): NodeDetail => ({
  name: 'node-a',
  uid: 'node-uid',
  createdAt: '2026-03-01T00:00:00Z',
  ready: true,
  unschedulable,
  roles: ['worker'],
  internalIP: '172.18.0.3',
  kubeletVersion: 'v1.33.1',
  osImage: 'Debian GNU/Linux 12',
  kernelVersion: '6.8.0-45-generic',
  kubeProxyVersion: 'v1.33.1',
  containerRuntimeVersion: 'containerd://2.1.0',
  architecture: 'amd64',
  operatingSystem: 'linux',
  taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }],
  labels: {},
  annotations: {},
  capacity: { cpu: '4', memory: '8Gi', pods: '110' },
  allocatable: { cpu: '4', memory: '7Gi', pods: '110' },
  conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
});

let server: LoopbackServer;
let unschedulable: boolean;
beforeEach(async () => {
  server = await startLoopbackServer();
  unschedulable = false;
  server.respond(`${API}/crd.nimbus.io/${LOCATION}/resources/nodes/node-a`, () =>
    ok({ kind: 'Node', metadata: { name: 'node-a' }, spec: { unschedulable } }),
  );
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(CRD_NODE, () => ok(nodeDetail(unschedulable)));
  server.respond(
    `${CRD_NODE}/pods?pageSize=50`,
    ok({
      items: [
        {
          name: 'web-1',
          namespace: 'shop',
          createdAt: '2026-03-02T00:00:00Z',
          cells: { phase: 'Running', ready: '1/1', restarts: '4', node: 'n-1', podIP: '10.1.0.9' },
        },
      ],
    }),
  );
  server.respond(
    `${CRD_NODE}/events`,
    ok({ items: [{ type: 'Normal', reason: 'NodeReady', message: 'became ready', count: 1 }] }),
  );
});
afterEach(() => {
  server.close();
  stopFakeEventSources();
});

const renderNode = () =>
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    '/detail/Node/node-a?vendor=aws&region=eu&cluster=prod',
    server,
  );

const requestsTo = (method: string, path: string) =>
  server.requests.filter((request) => request.method === method && request.path.startsWith(path));

it('shows the node fields, taints, pods on the node and its events', async () => {
  renderNode();
  const info = await screen.findByTestId('node-info');
  for (const text of [
    'v1.33.1',
    'Debian GNU/Linux 12',
    '6.8.0-45-generic',
    'containerd://2.1.0',
    'linux/amd64',
    '172.18.0.3',
    'worker',
  ]) {
    expect(within(info).getAllByText(text).length).toBeGreaterThan(0);
  }
  expect(within(info).getByTestId('node-ready-state').textContent).toBe('Ready');
  expect(within(info).getByTestId('node-schedulable-state').textContent).toBe('Schedulable');
  expect(within(screen.getByTestId('node-taints')).getByText('dedicated')).toBeDefined();
  const pods = screen.getByTestId('node-pods');
  expect((await within(pods).findByRole('link', { name: 'web-1' })).getAttribute('href')).toBe(
    '/detail/Pod/web-1?vendor=aws&region=eu&cluster=prod&namespace=shop',
  );
  expect(within(pods).getByText('4')).toBeDefined();
  expect(within(pods).getByText('10.1.0.9')).toBeDefined();
  // Every pod here runs on this node: the Node column is left out.
  expect(within(pods).queryByRole('columnheader', { name: 'Node' })).toBeNull();
  expect(await within(screen.getByTestId('node-events')).findByText('became ready')).toBeDefined();
});

it('pauses scheduling only after confirming, then shows the node as unschedulable', async () => {
  server.respond(`PUT ${CRD_NODE}?unschedulable=true`, () => {
    unschedulable = true;
    return ok(nodeDetail(true));
  });
  const user = userEvent.setup();
  renderNode();

  await user.click(await screen.findByRole('button', { name: 'Pause scheduling' }));
  expect(await screen.findByTestId('confirm-action-text')).toBeDefined();
  expect(requestsTo('PUT', CRD_NODE)).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));

  await waitFor(() =>
    expect(requestsTo('PUT', CRD_NODE).map((request) => request.path)).toEqual([
      `${CRD_NODE}?unschedulable=true`,
    ]),
  );
  await waitFor(() =>
    expect(screen.getByTestId('node-schedulable-state').textContent).toBe('Scheduling paused'),
  );
  expect(screen.getByRole('button', { name: 'Resume scheduling' })).toBeDefined();
});

it('validates taints on blur and saves the whole list to the k8s service', async () => {
  server.respond(`PUT ${K8S_NODE}`, ok(nodeDetail(false)));
  const user = userEvent.setup();
  renderNode();

  await user.click(await screen.findByRole('button', { name: 'Edit taints' }));
  await user.click(await screen.findByRole('button', { name: 'Add taint' }));
  await user.click(screen.getByLabelText('Taint key 2'));
  await user.tab();
  expect(await screen.findByText('Please enter a key')).toBeDefined();
  await user.type(screen.getByLabelText('Taint key 2'), 'bad key!');
  await user.tab();
  expect(await screen.findByText(/Use letters, digits/)).toBeDefined();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Please choose an effect')).toBeDefined();
  expect(requestsTo('PUT', K8S_NODE)).toHaveLength(0);

  await user.clear(screen.getByLabelText('Taint key 2'));
  await user.type(screen.getByLabelText('Taint key 2'), 'example.com/maintenance');
  await chooseOption(user, screen.getByLabelText('Taint effect 2'), 'NoExecute');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() =>
    expect(requestsTo('PUT', K8S_NODE).map((request) => request.body)).toEqual([
      {
        taints: [
          { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
          { key: 'example.com/maintenance', effect: 'NoExecute' },
        ],
      },
    ]),
  );
});

it("reads the node, its pods and its events again as the cluster's change stream tells", async () => {
  const streams = useFakeEventSources();
  const reads = (path: string) =>
    server.requests.filter((request) => new URL(request.path, server.origin).pathname === path)
      .length;
  renderNode();
  await within(await screen.findByTestId('node-pods')).findByRole('link', { name: 'web-1' });
  await within(screen.getByTestId('node-events')).findByText('became ready');
  const stream = await waitFor(() => {
    const [only] = streams();
    expect(only).toBeDefined();
    return only as NonNullable<typeof only>;
  });
  const url = new URL(stream.url, server.origin);
  expect(url.searchParams.getAll('kind')).toEqual(
    expect.arrayContaining(['events', 'nodes', 'pods']),
  );
  stream.send('ready');

  const paths = { node: CRD_NODE, pods: `${CRD_NODE}/pods`, events: `${CRD_NODE}/events` };
  const counts = () => ({
    node: reads(paths.node),
    pods: reads(paths.pods),
    events: reads(paths.events),
  });
  const notice = (kind: string, namespace: string, name: string) => ({
    changes: [{ cluster: 'prod', kind, namespace, name, type: 'upsert' }],
  });
  let before = counts();
  stream.send('changes', notice('pods', 'shop', 'web-2'));
  await waitFor(() => expect(counts().pods).toBe(before.pods + 1));
  expect(counts()).toEqual({ ...before, pods: before.pods + 1 });

  before = counts();
  stream.send('changes', notice('nodes', '', 'node-a'));
  await waitFor(() => expect(counts().node).toBe(before.node + 1));
  // Another node's change is not this page's.
  before = counts();
  stream.send('changes', notice('nodes', '', 'node-b'));
  stream.send('changes', notice('events', 'default', 'node-a.1'));
  await waitFor(() => expect(counts().events).toBe(before.events + 1));
  expect(counts().node).toBe(before.node);
});
