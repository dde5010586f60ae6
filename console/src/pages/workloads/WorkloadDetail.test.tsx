import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, failed, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import {
  type FakeEventSource,
  stopFakeEventSources,
  useFakeEventSources,
} from '../../../tests/fakeEventSource';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';

const LOCATION = 'vendors/aws/regions/eu/clusters/prod';
const CRD = `${API}/crd.nimbus.io/${LOCATION}`;
const K8S = `${API}/k8s.nimbus.io/${LOCATION}`;
const WEB = `namespaces/shop/deployments/web`;
const NIGHTLY = `namespaces/shop/cronjobs/nightly`;

const deployment = {
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: {
    replicas: 2,
    template: {
      spec: {
        containers: [
          { name: 'app', image: 'r.example/app:2', env: [{ name: 'MODE', value: 'fast' }] },
        ],
      },
    },
  },
  status: {
    conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' }],
  },
};

/** A running pod of the Deployment as the server lists it, its cells filled. */
const podRow = (name: string) => ({
  name,
  namespace: 'shop',
  createdAt: '2026-03-02T00:00:00Z',
  cells: { phase: 'Running', ready: '1/1', restarts: '0', node: 'n-7', podIP: '10.1.0.9' },
});

let server: LoopbackServer;
let suspend: boolean;
beforeEach(async () => {
  server = await startLoopbackServer();
  suspend = false;
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(`${CRD}/resources/deployments/web?namespace=shop`, ok(deployment));
  server.respond(`${CRD}/${WEB}/pods`, ok({ items: [podRow('web-1')] }));
  server.respond(
    `${CRD}/${WEB}/revisions`,
    ok({
      items: [
        { revision: 2, name: 'web-b', createdAt: '', images: ['r.example/app:2'], current: true },
        { revision: 1, name: 'web-a', createdAt: '', images: ['r.example/app:1'], current: false },
      ],
    }),
  );
  server.respond(
    `${CRD}/${WEB}/services`,
    ok({
      items: [
        {
          name: 'web',
          namespace: 'shop',
          createdAt: '2026-03-02T00:00:00Z',
          cells: { serviceType: 'ClusterIP', clusterIP: '10.0.0.7', ports: '80→8080/TCP' },
        },
      ],
    }),
  );
  server.respond(
    `${CRD}/${WEB}/events`,
    ok({
      items: [{ type: 'Normal', reason: 'ScalingReplicaSet', message: 'scaled up', count: 1 }],
    }),
  );
  server.respond(`${CRD}/resources/cronjobs/nightly?namespace=shop`, () =>
    ok({ kind: 'CronJob', metadata: { name: 'nightly', namespace: 'shop' }, spec: { suspend } }),
  );
  for (const section of ['pods', 'services', 'events']) {
    server.respond(`${CRD}/${NIGHTLY}/${section}`, ok({ items: [] }));
  }
});
afterEach(async () => {
  stopFakeEventSources();
  await server.close();
});

const renderDetail = (type: string, name: string) =>
  renderAdminRoutes(
    [
      { path: '/detail/:type/:name', element: <ResourceDetailPage /> },
      { path: '/list/:type', element: <p>list page</p> },
    ],
    `/detail/${type}/${name}?vendor=aws&region=eu&cluster=prod&namespace=shop`,
    server,
  );

/** The page's change stream once it follows `kind`. */
const streamFollowing = (streams: () => FakeEventSource[], kind: string) =>
  waitFor(() => {
    const open = streams().find((source) =>
      new URL(source.url, 'http://console.test').searchParams.getAll('kind').includes(kind),
    );
    expect(open).toBeDefined();
    return open as FakeEventSource;
  });

const requestsTo = (method: string, path: string) =>
  server.requests.filter((request) => request.method === method && request.path === path);

it('shows conditions, pods, revisions, services and events of a Deployment', async () => {
  renderDetail('Deployment', 'web');
  expect(await screen.findByText('MinimumReplicasAvailable')).toBeDefined();
  const pods = await screen.findByTestId('workload-pods');
  expect((await within(pods).findByRole('link', { name: 'web-1' })).getAttribute('href')).toBe(
    '/detail/Pod/web-1?vendor=aws&region=eu&cluster=prod&namespace=shop',
  );
  // The Pod list's columns, as the server filled them.
  for (const header of ['Status', 'Ready', 'Restarts', 'Node', 'Pod IP']) {
    expect(within(pods).getByRole('columnheader', { name: header })).toBeDefined();
  }
  expect(within(pods).getByText('n-7')).toBeDefined();
  const revisions = screen.getByTestId('workload-revisions');
  expect(await within(revisions).findByText('r.example/app:1')).toBeDefined();
  expect(within(revisions).getByText('current')).toBeDefined();
  const services = screen.getByTestId('workload-services');
  expect(await within(services).findByText('80→8080/TCP')).toBeDefined();
  expect(within(services).getByText('10.0.0.7')).toBeDefined();
  // The section names the namespace already.
  expect(within(services).queryByRole('columnheader', { name: 'Namespace' })).toBeNull();
  expect(await within(screen.getByTestId('workload-events')).findByText('scaled up')).toBeDefined();
  // A Deployment is neither suspended nor run: those are a CronJob's.
  expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Run now' })).toBeNull();
});

it("reads the revisions again when the workload changes: a hotfix's revision shows once made", async () => {
  const streams = useFakeEventSources();
  const first = { revision: 1, name: 'web-a', createdAt: '', images: ['r.example/app:1'] };
  let revisions = [{ ...first, current: true }];
  server.respond(`${CRD}/${WEB}/revisions`, () => ok({ items: revisions }));
  renderDetail('Deployment', 'web');
  const section = await screen.findByTestId('workload-revisions');
  expect(await within(section).findByText('r.example/app:1')).toBeDefined();

  // The member's controller made the new revision, then wrote the Deployment again.
  const second = { revision: 2, name: 'web-b', createdAt: '', images: ['r.example/app:2'] };
  revisions = [
    { ...second, current: true },
    { ...first, current: false },
  ];
  const stream = await streamFollowing(streams, 'deployments');
  stream.send('ready');
  stream.send('changes', {
    changes: [
      { cluster: 'prod', kind: 'deployments', namespace: 'shop', name: 'web', type: 'upsert' },
    ],
  });
  expect(await within(section).findByText('r.example/app:2')).toBeDefined();
});

it('shows a pod that changed while its list was being read: the list is read again after', async () => {
  const streams = useFakeEventSources();
  let pods = [podRow('web-1')];
  let answerHeldRead: () => void = () => undefined;
  // The first read's answer is what the member had when it was asked, given only later.
  server.respond(`${CRD}/${WEB}/pods`, () => {
    const answer = ok({ items: pods });
    return new Promise((resolve) => {
      answerHeldRead = () => resolve(answer);
    });
  });
  renderDetail('Deployment', 'web');
  const stream = await streamFollowing(streams, 'pods');
  await waitFor(() => expect(requestsTo('GET', `${CRD}/${WEB}/pods`)).toHaveLength(1));
  // A scale made a second pod while the list was on its way; RTK Query does not read the same
  // list twice at once.
  pods = [podRow('web-1'), podRow('web-2')];
  server.respond(`${CRD}/${WEB}/pods`, () => ok({ items: pods }));
  stream.send('ready');
  stream.send('changes', {
    changes: [{ cluster: 'prod', kind: 'pods', namespace: 'shop', name: 'web-2', type: 'upsert' }],
  });
  answerHeldRead();
  const section = await screen.findByTestId('workload-pods');
  expect(await within(section).findByRole('link', { name: 'web-2' })).toBeDefined();
});

it('lists a Service made for the workload once the index sees it', async () => {
  const streams = useFakeEventSources();
  let services: unknown[] = [];
  server.respond(`${CRD}/${WEB}/services`, () => ok({ items: services }));
  renderDetail('Deployment', 'web');
  const section = await screen.findByTestId('workload-services');
  expect(await within(section).findByText('No service selects these pods')).toBeDefined();

  services = [
    {
      name: 'web-public',
      namespace: 'shop',
      createdAt: '2026-03-02T00:00:00Z',
      cells: { serviceType: 'NodePort', clusterIP: '10.0.0.8', ports: '80→8080/TCP' },
    },
  ];
  const stream = await streamFollowing(streams, 'services');
  stream.send('ready');
  stream.send('changes', {
    changes: [
      { cluster: 'prod', kind: 'services', namespace: 'shop', name: 'web-public', type: 'upsert' },
    ],
  });
  expect(await within(section).findByText('web-public')).toBeDefined();
});

it('scales from the keyboard: the field starts at the current replicas, Enter applies', async () => {
  server.respond(`PUT ${K8S}/${WEB}/scale`, ok({ kind: 'Scale', spec: { replicas: 3 } }));
  const user = userEvent.setup();
  renderDetail('Deployment', 'web');
  await user.click(await screen.findByRole('button', { name: 'Scale' }));
  const field = await screen.findByLabelText('Replicas');
  await waitFor(() => expect(document.activeElement).toBe(field));
  expect((field as HTMLInputElement).value).toBe('2');
  await user.clear(field);
  await user.type(field, '3{Enter}');
  await waitFor(() =>
    expect(requestsTo('PUT', `${K8S}/${WEB}/scale`).map((r) => r.body)).toEqual([{ replicas: 3 }]),
  );
  expect(await screen.findByText('Operation succeeded')).toBeDefined();
});

it('opens Scale asked for before the workload is read once it is, at its replicas', async () => {
  let answer = (): void => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.respond(`${CRD}/resources/deployments/web?namespace=shop`, async () => {
    await answered;
    return ok(deployment);
  });
  const user = userEvent.setup();
  renderDetail('Deployment', 'web');
  const scale = await screen.findByRole('button', { name: 'Scale' });
  await user.click(scale);
  expect(screen.queryByLabelText('Replicas')).toBeNull();
  // The click shows that it waits for the workload.
  await waitFor(() => expect(scale.className).toContain('ant-btn-loading'));
  answer();
  const field = await screen.findByLabelText('Replicas');
  expect((field as HTMLInputElement).value).toBe('2');
  expect(scale.className).not.toContain('ant-btn-loading');
});

it('offers no Scale while the workload cannot be read, and says why; Delete asks for the name', async () => {
  const streams = useFakeEventSources();
  let fail = (): void => undefined;
  const failing = new Promise<void>((resolve) => (fail = resolve));
  let reachable = false;
  server.respond(`${CRD}/resources/deployments/web?namespace=shop`, async () => {
    await failing;
    return reachable ? ok(deployment) : failed(5000, 'the member cluster is unreachable');
  });
  const user = userEvent.setup();
  renderDetail('Deployment', 'web');
  // Asked for while the read goes on, which then fails: the dialog never opens later.
  await user.click(await screen.findByRole('button', { name: 'Scale' }));
  fail();
  expect(await screen.findByText('The resource could not be loaded')).toBeDefined();
  const scale = screen.getByTestId('resource-action-scale');
  await waitFor(() => expect((scale as HTMLButtonElement).disabled).toBe(true));
  expect(scale.className).not.toContain('ant-btn-loading');
  expect(screen.queryByLabelText('Replicas')).toBeNull();
  await user.hover(screen.getByTestId('resource-action-scale-why'));
  expect(
    await screen.findByText('This action starts from the resource, which could not be loaded'),
  ).toBeDefined();
  // Read again later (the member is back): Scale is offered, and the Scale asked for during the
  // failed read does not open by surprise.
  reachable = true;
  const stream = await streamFollowing(streams, 'deployments');
  stream.send('ready');
  stream.send('changes', {
    changes: [
      { cluster: 'prod', kind: 'deployments', namespace: 'shop', name: 'web', type: 'upsert' },
    ],
  });
  await waitFor(() =>
    expect((screen.getByTestId('resource-action-scale') as HTMLButtonElement).disabled).toBe(false),
  );
  expect(screen.queryByLabelText('Replicas')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('dialog')).toBeDefined();
});

it('rolls back to the revision chosen, none chosen beforehand; the current one is marked', async () => {
  server.respond(`POST ${K8S}/${WEB}/rollback`, ok(deployment));
  const user = userEvent.setup();
  renderDetail('Deployment', 'web');
  await user.click(await screen.findByRole('button', { name: 'Roll back' }));
  const dialog = await screen.findByRole('dialog');
  // Not disabled: the mark follows the controller's status, which may lag a change just made.
  expect(
    await within(dialog).findByRole('radio', { name: /Revision 2.*\(current\)/ }),
  ).toBeDefined();
  expect(within(dialog).getByTestId('rollback-ok').closest('button')?.disabled).toBe(true);
  await user.click(within(dialog).getByRole('radio', { name: /Revision 1: r.example\/app:1/ }));
  await user.click(within(dialog).getByTestId('rollback-ok'));
  await waitFor(() =>
    expect(requestsTo('POST', `${K8S}/${WEB}/rollback`).map((r) => r.body)).toEqual([
      { revision: 1 },
    ]),
  );
});

it('hotfixes only with an image written host/image:tag, sending env set and removed', async () => {
  server.respond(`PATCH ${K8S}/${WEB}/hotfix`, ok(deployment));
  const user = userEvent.setup();
  renderDetail('Deployment', 'web');
  await user.click(await screen.findByRole('button', { name: 'Hotfix' }));
  const image = await screen.findByTestId('hotfix-image');
  await user.clear(image);
  await user.type(image, 'nginx');
  await user.click(screen.getByTestId('hotfix-ok'));
  expect(await screen.findByText('Enter the image as host/image:tag')).toBeDefined();
  expect(requestsTo('PATCH', `${K8S}/${WEB}/hotfix`)).toHaveLength(0);

  await user.clear(image);
  await user.type(image, 'r.example/app:3');
  await user.clear(screen.getByLabelText('Variable name 1'));
  await user.type(screen.getByLabelText('Variable name 1'), ' LEVEL ');
  await user.clear(screen.getByLabelText('Value 1'));
  await user.type(screen.getByLabelText('Value 1'), 'debug');
  await user.click(screen.getByTestId('hotfix-ok'));
  await waitFor(() =>
    expect(requestsTo('PATCH', `${K8S}/${WEB}/hotfix`).map((r) => r.body)).toEqual([
      {
        container: 'app',
        image: 'r.example/app:3',
        env: [{ name: 'LEVEL', value: 'debug' }],
        removeEnv: ['MODE'],
      },
    ]),
  );
});

it('suspends a CronJob after confirming, runs it now, and deletes it only once the name is typed', async () => {
  server.respond(`PUT ${K8S}/${NIGHTLY}/suspend`, () => {
    suspend = true;
    return ok({ kind: 'CronJob' });
  });
  server.respond(
    `POST ${K8S}/${NIGHTLY}/run`,
    ok({ kind: 'Job', metadata: { name: 'nightly-manual-1' } }),
  );
  server.respond(`DELETE ${K8S}/${NIGHTLY}`, ok({ kind: 'Status' }));
  const user = userEvent.setup();
  renderDetail('CronJob', 'nightly');

  await user.click(await screen.findByRole('button', { name: 'Suspend' }));
  expect((await screen.findByTestId('confirm-action-text')).textContent).toContain('nightly');
  expect(requestsTo('PUT', `${K8S}/${NIGHTLY}/suspend`)).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await waitFor(() =>
    expect(requestsTo('PUT', `${K8S}/${NIGHTLY}/suspend`).map((r) => r.body)).toEqual([
      { suspend: true },
    ]),
  );
  expect(await screen.findByRole('button', { name: 'Resume' })).toBeDefined();
  expect(screen.queryByRole('button', { name: 'Scale' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Run now' }));
  await user.click(await screen.findByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(requestsTo('POST', `${K8S}/${NIGHTLY}/run`)).toHaveLength(1));

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  const confirmDelete = within(dialog).getByRole('button', { name: 'Delete' });
  await user.click(confirmDelete);
  expect(requestsTo('DELETE', `${K8S}/${NIGHTLY}`)).toHaveLength(0);
  await user.type(within(dialog).getByRole('textbox'), 'nightly');
  await user.click(confirmDelete);
  await waitFor(() => expect(requestsTo('DELETE', `${K8S}/${NIGHTLY}`)).toHaveLength(1));
  expect(await screen.findByText('list page')).toBeDefined();
});
