import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, chooseOption, ok, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceListPage from './ResourceListPage';

const CRD = `${API}/crd.nimbus.io`;
const CLUSTERS = `${CRD}/clusters?page=1&pageSize=100`;
const place = { vendor: 'ProviderKubeconfig', region: 'local' };

const cluster = (name: string, ready: boolean, status: 'Allow' | 'Deny' = 'Allow') => ({
  providerID: name,
  provideruuid: `${name}-uid`,
  uuid: `${name}-uid`,
  kind: place.vendor,
  name,
  cluster: name,
  regionID: place.region,
  ready,
  status,
  roles: [],
  organization: 'acme',
});

const pod = (name: string, namespace = 'shop') => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace, uid: `${name}-uid`, creationTimestamp: '2026-03-01T00:00:00Z' },
  spec: { nodeName: 'node-a', containers: [{ name: 'web' }] },
  status: {
    phase: 'Running',
    podIP: '10.1.0.7',
    containerStatuses: [{ ready: true, restartCount: 2 }],
  },
  cluster: 'alpha',
  ...place,
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(
    CLUSTERS,
    ok({
      items: [cluster('alpha', true), cluster('beta', false), cluster('gamma', true, 'Deny')],
      total: 3,
      page: 1,
      pageSize: 100,
    }),
  );
});
afterEach(() => server.close());

const renderList = (type: string) =>
  renderAdminRoutes(
    [{ path: '/list/:type', element: <ResourceListPage /> }],
    `/list/${type}`,
    server,
  );

const listRequests = (plural: string) =>
  server.requests
    .map((request) => new URL(request.path, server.origin))
    .filter((url) => url.pathname === `${CRD}/${plural}`);

it('lists pods with their columns and a detail link, then loads the next keyset page', async () => {
  server.respond(`${CRD}/pods?pageSize=20`, ok({ items: [pod('web-1')], nextCursor: 'c1' }));
  server.respond(`${CRD}/pods?pageSize=20&cursor=c1`, ok({ items: [pod('web-2')] }));
  const user = userEvent.setup();
  renderList('Pod');

  const table = await screen.findByTestId('resource-table');
  const link = await within(table).findByRole('link', { name: 'web-1' });
  expect(link.getAttribute('href')).toBe(
    '/detail/Pod/web-1?vendor=ProviderKubeconfig&region=local&cluster=alpha&namespace=shop',
  );
  const row = link.closest('tr') as HTMLElement;
  for (const text of ['shop', 'alpha', 'Running', '1/1', '2', 'node-a', '10.1.0.7']) {
    expect(within(row).getByText(text)).toBeDefined();
  }

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await within(table).findByRole('link', { name: 'web-2' })).toBeDefined();
  expect(within(table).getByRole('link', { name: 'web-1' })).toBeDefined();
  await waitFor(() => expect(screen.queryByTestId('resource-list-load-more')).toBeNull());
});

it('sends cluster, namespace, Key:Val label and name filters and shows the empty state', async () => {
  server.respond(`${CRD}/pods?pageSize=20`, ok({ items: [] }));
  server.respond(
    `${API}/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/local/clusters/alpha/namespaces`,
    ok({ items: [{ metadata: { name: 'shop' }, status: { phase: 'Active' } }] }),
  );
  const user = userEvent.setup();
  renderList('Pod');
  expect(await screen.findByText('No Pods found')).toBeDefined();

  await user.click(screen.getByLabelText('Cluster'));
  // Not-ready (beta) and denied (gamma) clusters are offered but cannot be chosen.
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(3));
  const disabled = [...document.querySelectorAll('.ant-select-item-option-disabled')].map(
    (option) => option.textContent,
  );
  expect(disabled).toEqual(['beta', 'gamma']);
  await chooseOption(user, screen.getByLabelText('Cluster'), 'alpha');
  // With a cluster chosen, its Active namespaces are offered by the namespace selector.
  await chooseOption(user, await screen.findByLabelText('Namespace'), 'shop');
  await user.type(screen.getByLabelText('Label'), ' app : web ');
  await user.type(screen.getByLabelText('Name'), 'web');
  await user.click(screen.getByRole('button', { name: /Search/ }));

  await waitFor(() =>
    expect(listRequests('pods').map((url) => url.searchParams.get('name'))).toContain('web'),
  );
  const last = listRequests('pods').at(-1) as URL;
  expect([...last.searchParams.entries()].sort()).toEqual([
    ['cluster', 'alpha'],
    ['label', 'app:web'],
    ['name', 'web'],
    ['namespace', 'shop'],
    ['pageSize', '20'],
  ]);
});

it('lists nodes with ready, roles, version, internal IP and scheduling columns', async () => {
  server.respond(
    `${CRD}/nodes?pageSize=20`,
    ok({
      items: [
        {
          kind: 'Node',
          metadata: { name: 'node-a', labels: { 'node-role.kubernetes.io/control-plane': '' } },
          spec: { unschedulable: true },
          status: {
            conditions: [{ type: 'Ready', status: 'False' }],
            addresses: [{ type: 'InternalIP', address: '172.18.0.2' }],
            nodeInfo: { kubeletVersion: 'v1.33.1' },
          },
          cluster: 'alpha',
          ...place,
        },
      ],
    }),
  );
  renderList('nodes');

  const table = await screen.findByTestId('resource-table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual([
    'Name',
    'Cluster',
    'Ready',
    'Roles',
    'Version',
    'Internal IP',
    'Scheduling',
    'Created',
  ]);
  const link = await within(table).findByRole('link', { name: 'node-a' });
  expect(link.getAttribute('href')).toBe(
    '/detail/Node/node-a?vendor=ProviderKubeconfig&region=local&cluster=alpha',
  );
  const row = link.closest('tr') as HTMLElement;
  for (const text of ['Not ready', 'control-plane', 'v1.33.1', '172.18.0.2', 'Scheduling paused']) {
    expect(within(row).getByText(text)).toBeDefined();
  }
  expect(screen.getByRole('tab', { name: 'Topology' })).toBeDefined();
});

it('says so for a type that is not a listed kind', async () => {
  renderList('Widget');
  expect(await screen.findByText('Unknown resource type Widget')).toBeDefined();
});
