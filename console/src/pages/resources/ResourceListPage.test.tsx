import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, USER_ID, chooseOption, ok, renderAdminRoutes } from '../../../tests/adminTestBed';
import { readHiddenColumns } from '../../resources/hiddenColumns';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { stopFakeEventSources, useFakeEventSources } from '../../../tests/fakeEventSource';
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
afterEach(() => {
  stopFakeEventSources();
  return server.close();
});

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

it('lists pods with their columns and a detail link, then pages on and back by keyset', async () => {
  server.respond(`${CRD}/pods?pageSize=20`, ok({ items: [pod('web-1')], nextCursor: 'c1' }));
  server.respond(`${CRD}/pods?pageSize=20&cursor=c1`, ok({ items: [pod('web-2')] }));
  const user = userEvent.setup();
  const { router } = renderList('Pod');

  const table = await screen.findByTestId('resource-table');
  const link = await within(table).findByRole('link', { name: 'web-1' });
  expect(link.getAttribute('href')).toBe(
    '/detail/Pod/web-1?vendor=ProviderKubeconfig&region=local&cluster=alpha&namespace=shop',
  );
  const row = link.closest('tr') as HTMLElement;
  for (const text of ['shop', 'alpha', 'Running', '1/1', '2', 'node-a', '10.1.0.7']) {
    expect(within(row).getByText(text)).toBeDefined();
  }
  expect(screen.getByTestId('resource-page-number').textContent).toBe('Page 1');

  await user.click(screen.getByTestId('resource-page-next'));
  expect(await within(table).findByRole('link', { name: 'web-2' })).toBeDefined();
  expect(within(table).queryByRole('link', { name: 'web-1' })).toBeNull();
  // The page is in the URL: a link opens it.
  expect(router.state.location.search).toBe('?cursor=c1');
  expect(screen.getByTestId('resource-page-number').textContent).toBe('Page 2');
  expect(screen.getByTestId('resource-page-next').hasAttribute('disabled')).toBe(true);

  await user.click(screen.getByTestId('resource-page-previous'));
  expect(await within(table).findByRole('link', { name: 'web-1' })).toBeDefined();
  expect(router.state.location.search).toBe('');
});

it('opens the view its URL names: filters, order, page size and page, and says no page number', async () => {
  server.respond(
    `${CRD}/pods?cluster=alpha&name=web&sort=created&order=desc&pageSize=50&cursor=c7`,
    ok({ items: [pod('web-9')] }),
  );
  server.respond(
    `${CRD}/pods?cluster=alpha&name=web&sort=created&order=desc&pageSize=50`,
    ok({ items: [pod('web-1')], nextCursor: 'c1' }),
  );
  const user = userEvent.setup();
  renderAdminRoutes(
    [{ path: '/list/:type', element: <ResourceListPage /> }],
    '/list/Pod?cluster=alpha&name=web&sort=created&order=desc&pageSize=50&cursor=c7',
    server,
  );
  const table = await screen.findByTestId('resource-table');
  expect(await within(table).findByRole('link', { name: 'web-9' })).toBeDefined();
  expect((screen.getByLabelText('Name', { selector: 'input' }) as HTMLInputElement).value).toBe(
    'web',
  );
  expect(screen.getByTestId('resource-page-size').textContent).toContain('50 / page');
  const created = within(table).getByRole('columnheader', { name: 'Created' });
  expect(created.getAttribute('aria-sort')).toBe('descending');
  // Opened on a later page from a link: no number, and Previous goes to the first page.
  expect(screen.queryByTestId('resource-page-number')).toBeNull();
  await user.click(screen.getByTestId('resource-page-previous'));
  expect(await within(table).findByRole('link', { name: 'web-1' })).toBeDefined();
});

it('sorts on the server by name or created, each change from the first page', async () => {
  server.respond(`${CRD}/pods?pageSize=20`, ok({ items: [pod('web-1')], nextCursor: 'c1' }));
  server.respond(`${CRD}/pods?pageSize=20&cursor=c1`, ok({ items: [pod('web-2')] }));
  server.respond(`${CRD}/pods?order=desc&pageSize=20`, ok({ items: [pod('web-2'), pod('web-1')] }));
  server.respond(`${CRD}/pods?sort=created&pageSize=20`, ok({ items: [pod('web-3')] }));
  const user = userEvent.setup();
  const { router } = renderList('Pod');
  const table = await screen.findByTestId('resource-table');
  await within(table).findByRole('link', { name: 'web-1' });
  await user.click(screen.getByTestId('resource-page-next'));
  await within(table).findByRole('link', { name: 'web-2' });

  await user.click(within(table).getByRole('columnheader', { name: 'Name' }));
  await waitFor(() => expect(router.state.location.search).toBe('?order=desc'));
  await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(2));
  await user.click(within(table).getByRole('columnheader', { name: 'Created' }));
  await waitFor(() => expect(router.state.location.search).toBe('?sort=created'));
  expect(await within(table).findByRole('link', { name: 'web-3' })).toBeDefined();
});

it('changes the page size, refreshes, and exports what the filters match as CSV', async () => {
  server.respond(`${CRD}/pods?pageSize=20`, ok({ items: [pod('web-1')] }));
  server.respond(`${CRD}/pods?pageSize=100`, ok({ items: [pod('web-1'), pod('web-2')] }));
  const user = userEvent.setup();
  const { router } = renderAdminRoutes(
    [{ path: '/list/:type', element: <ResourceListPage /> }],
    '/list/Pod?label=app%3Aweb&order=desc',
    server,
  );
  server.respond(
    `${CRD}/pods?label=app%3Aweb&order=desc&pageSize=20`,
    ok({ items: [pod('web-1')] }),
  );
  server.respond(
    `${CRD}/pods?label=app%3Aweb&order=desc&pageSize=100`,
    ok({ items: [pod('web-1'), pod('web-2')] }),
  );
  const table = await screen.findByTestId('resource-table');
  await within(table).findByRole('link', { name: 'web-1' });
  const csv = new URL(
    screen.getByTestId('resource-export-csv').getAttribute('href') ?? '',
    server.origin,
  );
  expect(csv.pathname).toBe(`${CRD}/pods/export`);
  expect(csv.search).toBe('?label=app%3Aweb&order=desc');

  await chooseOption(user, screen.getByLabelText('Rows per page'), '100 / page');
  expect(await within(table).findByRole('link', { name: 'web-2' })).toBeDefined();
  expect(router.state.location.search).toBe('?label=app%3Aweb&order=desc&pageSize=100');

  const before = listRequests('pods').length;
  await user.click(screen.getByTestId('resource-refresh'));
  await waitFor(() => expect(listRequests('pods').length).toBe(before + 1));
});

it('hides the columns a user unticks and remembers them for her, not for others', async () => {
  server.respond(`${CRD}/pods?pageSize=20`, ok({ items: [pod('web-1')] }));
  const user = userEvent.setup();
  const headers = () =>
    within(screen.getByTestId('resource-table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
  const first = renderList('Pod');
  await within(await screen.findByTestId('resource-table')).findByRole('link', { name: 'web-1' });
  expect(headers()).toContain('Node');

  await user.click(screen.getByTestId('resource-columns'));
  const choice = await screen.findByTestId('resource-columns-choice');
  await user.click(within(choice).getByRole('checkbox', { name: 'Node' }));
  await user.click(within(choice).getByRole('checkbox', { name: 'Namespace' }));
  await waitFor(() => expect(headers()).not.toContain('Node'));
  expect(headers()).not.toContain('Namespace');
  expect(headers()).toContain('Name');
  first.unmount();

  renderList('Pod');
  await within(await screen.findByTestId('resource-table')).findByRole('link', { name: 'web-1' });
  expect(headers()).not.toContain('Node');
  // Kept under her user id: another user of this browser keeps all of them.
  expect(readHiddenColumns(USER_ID, 'Pod')).toHaveLength(2);
  expect(readHiddenColumns(USER_ID, 'Pod')).toContain('namespace');
  expect(readHiddenColumns('someone-else', 'Pod')).toEqual([]);
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
  await user.type(screen.getByLabelText('Name', { selector: 'input' }), 'web');
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

it('reads the page again when the index tells of a change it may show, without a spinner', async () => {
  const streams = useFakeEventSources();
  let answer = [pod('web-1')];
  let gate: Promise<unknown> = Promise.resolve();
  server.respond(`${CRD}/pods?namespace=shop&pageSize=20`, async () => {
    const items = answer;
    await gate;
    return ok({ items });
  });
  renderAdminRoutes(
    [{ path: '/list/:type', element: <ResourceListPage /> }],
    '/list/Pod?namespace=shop',
    server,
  );
  const table = await screen.findByTestId('resource-table');
  await within(table).findByRole('link', { name: 'web-1' });
  const stream = await waitFor(() => {
    const [only, ...more] = streams();
    expect(only).toBeDefined();
    expect(more).toEqual([]);
    return only as NonNullable<typeof only>;
  });
  const url = new URL(stream.url, server.origin);
  expect(url.searchParams.getAll('kind')).toEqual(['pods']);
  expect(url.searchParams.get('namespace')).toBe('shop');
  stream.send('ready');
  expect((await screen.findByTestId('live-mark')).textContent).toBe('Live');

  const reads = () => listRequests('pods').length;
  const before = reads();
  stream.send('changes', {
    changes: [{ cluster: 'alpha', kind: 'services', namespace: 'shop', name: 'x', type: 'upsert' }],
  });
  answer = [pod('web-1'), pod('web-2')];
  let release: (value?: unknown) => void = () => undefined;
  gate = new Promise((resolve) => {
    release = resolve;
  });
  stream.send('changes', {
    changes: [{ cluster: 'alpha', kind: 'pods', namespace: 'shop', name: 'web-2', type: 'upsert' }],
  });
  // While it is read again the rows stay, with no spinner over them.
  await waitFor(() => expect(reads()).toBe(before + 1));
  expect(table.querySelector('.ant-spin-spinning')).toBeNull();
  expect(within(table).getByRole('link', { name: 'web-1' })).toBeDefined();
  release();
  expect(await within(table).findByRole('link', { name: 'web-2' })).toBeDefined();
  expect(reads()).toBe(before + 1);
});
