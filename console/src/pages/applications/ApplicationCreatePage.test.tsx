import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, failed, ok, page, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { findPageRoute } from '../../routes/generateRoutes';
import { routeTable } from '../../routes/routeTable';
import {
  k8sAt,
  LOCATION_CLUSTERS,
  LOCATIONS,
  MEMBER_A,
  namespaceItem,
} from '../namespaces/namespaceTestData';
import ApplicationCreatePage from './ApplicationCreatePage';
import { chooseMemberA } from '../../../tests/locationPicker';

const NAMESPACES = `${k8sAt(MEMBER_A)}/namespaces`;
const CREATE_IN = (namespace: string) => `POST ${NAMESPACES}/${namespace}/applications`;
// The pull-secret call names its cluster in the body, not the path (a "placed" k8s call).
const PLACED_NAMESPACES = `${API}/k8s.nimbus.io/namespaces`;
const PULL_SECRET_IN = (namespace: string) =>
  `POST ${PLACED_NAMESPACES}/${namespace}/registry/pull-secrets`;
const MANAGE = `${API}/manage.nimbus.io/providers/member-a`;
const registry = (uuid: string, name: string, host: string) => ({
  uuid,
  name,
  host,
  kind: uuid === '9999' ? 'DockerHub' : 'Distribution',
  organizationId: 'org-uid-1',
  organization: 'shop',
  plainHttp: false,
  credentialsSet: true,
  ready: true,
  createdAt: '2026-01-01T00:00:00Z',
});
const PRIVATE_IMAGE = 'registry.shop.io/team/web:1';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(LOCATIONS, ok(page(LOCATION_CLUSTERS, 100)));
  server.respond(
    NAMESPACES,
    ok({
      items: [namespaceItem('shop'), namespaceItem('other'), namespaceItem('gone', 'Terminating')],
    }),
  );
  server.respond(
    `${MANAGE}/registries`,
    ok({
      items: [
        registry('9999', 'dockerhub', 'docker.io'),
        registry('uid-private', 'private', 'registry.shop.io'),
      ],
    }),
  );
  server.respond(
    `${MANAGE}/split/repositories?image=${encodeURIComponent(PRIVATE_IMAGE)}`,
    ok({
      registryId: 'uid-private',
      host: 'registry.shop.io',
      subPath: 'team',
      image: 'web',
      tag: '1',
    }),
  );
});
afterEach(() => server.close());

const renderAt = (path: string) =>
  renderAdminRoutes(
    [
      { path, element: <ApplicationCreatePage /> },
      { path: '/home', element: <p>home page</p> },
      { path: '/list/:type', element: <p>application list</p> },
    ],
    path,
    server,
  );

const posts = () => server.requests.filter((request) => request.method === 'POST');
const button = (name: string) => screen.getByRole('button', { name });

async function chooseOption(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (element) =>
        element.textContent === option && !element.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await user.click(item);
}

async function fillBasic(user: UserEvent, name: string, namespace = 'shop') {
  await chooseMemberA(user, server, LOCATIONS);
  await chooseOption(user, 'Namespace', namespace);
  await user.type(screen.getByLabelText('Name'), name);
}

async function addContainer(user: UserEvent, name: string, image: string) {
  await user.click(screen.getByTestId('container-add'));
  const editor = screen.getByTestId('container-editor');
  await user.type(within(editor).getByLabelText('Container name'), name);
  await user.type(within(editor).getByLabelText('Image'), image);
  return editor;
}

it('walks basic → pod → service, blocking edits while a container is open, and creates', async () => {
  server.respond(
    CREATE_IN('shop'),
    ok({
      namespace: 'shop',
      objects: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }],
    }),
  );
  const user = userEvent.setup();
  renderAt('/add/Deployment');

  await user.click(await screen.findByTestId('app-next'));
  expect(await screen.findByText('Please choose a location')).toBeDefined();
  expect(screen.getByText('Please choose a namespace')).toBeDefined();
  expect(screen.getByText('Please enter a name')).toBeDefined();
  expect(screen.queryByLabelText('Kind')).toBeNull();

  await fillBasic(user, 'web');
  await user.type(screen.getByLabelText('Labels'), 'team: a');
  await user.click(button('Next'));
  expect(screen.getByTestId('step-pod').hidden).toBe(false);

  await user.click(button('Next'));
  expect(await screen.findByText('Add at least one container')).toBeDefined();

  const editor = await addContainer(user, 'web', 'nginx');
  expect(screen.getByTestId('app-blocked')).toBeDefined();
  expect((button('Next') as HTMLButtonElement).disabled).toBe(true);
  await user.click(within(editor).getByRole('button', { name: 'Save container' }));
  expect(await within(editor).findByText('The format is host/image:tag')).toBeDefined();

  await user.clear(within(editor).getByLabelText('Image'));
  await user.click(within(editor).getByRole('button', { name: 'Choose' }));
  const dialog = await screen.findByRole('dialog', { name: 'Select image' });
  // With a cluster chosen the dialog opens in select mode; typing is the other mode.
  await user.click(within(dialog).getByText('Type an image'));
  await user.type(
    within(dialog).getByLabelText('Image (host/image:tag)'),
    'registry.example.com/shop/web:1',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Use this image' }));
  await user.click(within(editor).getByRole('button', { name: /Add variable/ }));
  await user.type(within(editor).getByLabelText('Name'), ' MODE ');
  await user.type(within(editor).getByLabelText('Value'), ' prod ');
  await user.click(within(editor).getByRole('button', { name: 'Save container' }));
  await waitFor(() => expect(screen.queryByTestId('container-editor')).toBeNull());
  expect(screen.queryByTestId('app-blocked')).toBeNull();
  expect(
    within(screen.getByTestId('containers')).getByText('registry.example.com/shop/web:1'),
  ).toBeDefined();

  await user.click(button('Next'));
  await user.click(screen.getByTestId('service-edit'));
  await user.click(screen.getByLabelText('NodePort (a port on each node)'));
  await user.type(screen.getByLabelText('Service port'), '80');
  await user.type(screen.getByLabelText('Target port'), '8080');
  await user.type(screen.getByLabelText('Node port'), '30080');
  expect((button('Create') as HTMLButtonElement).disabled).toBe(true);
  await user.click(screen.getByTestId('service-save'));
  await user.click(button('Create'));

  expect(await screen.findByText('Deployment web created')).toBeDefined();
  expect(posts().map((request) => request.body)).toEqual([
    {
      kind: 'Deployment',
      name: 'web',
      labels: { team: 'a' },
      replicas: 1,
      containers: [
        {
          name: 'web',
          image: 'registry.example.com/shop/web:1',
          command: [],
          args: [],
          ports: [],
          env: [{ name: 'MODE', value: 'prod' }],
          volumeMounts: [],
        },
      ],
      hostAliases: [],
      nodeAffinity: [],
      podAffinity: [],
      podAntiAffinity: [],
      tolerations: [],
      service: {
        type: 'NodePort',
        ports: [{ protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30080 }],
        useIngress: false,
      },
    },
  ]);

  await user.click(button('Submit again'));
  expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('');
});

it('clears the containers when the namespace changes, and says so', async () => {
  const user = userEvent.setup();
  renderAt('/add/StatefulSet');
  await fillBasic(user, 'db');
  await user.click(button('Next'));
  await addContainer(user, 'db', 'registry.example.com/db:1');
  await user.click(button('Save container'));
  await waitFor(() => expect(screen.queryByTestId('container-editor')).toBeNull());

  await user.click(button('Previous'));
  expect(screen.getByLabelText('Pod management policy')).toBeDefined();
  await chooseOption(user, 'Namespace', 'other');
  await user.click(button('Next'));
  expect(
    await screen.findByText(
      'The namespace changed: please enter the container configuration again.',
    ),
  ).toBeDefined();
  expect(within(screen.getByTestId('containers')).getByText('No container yet')).toBeDefined();
});

it('lets /add/Application pick the kind, and explains a CronJob schedule', async () => {
  const user = userEvent.setup();
  renderAt('/add/Application');
  await chooseOption(user, 'Kind', 'CronJob');
  const schedule = await screen.findByTestId('cron-schedule');
  await user.type(schedule, '0 2 * * *');
  expect(await screen.findByText('Runs every day at 02:00')).toBeDefined();
  await user.clear(schedule);
  await user.type(schedule, '0 25 * * *');
  expect(
    await screen.findByText('Standard crontab: minute hour day-of-month month day-of-week'),
  ).toBeDefined();
  expect(screen.queryByLabelText('Replicas')).toBeNull();
});

it('shows a taken name on the basic step', async () => {
  server.respond(CREATE_IN('shop'), failed(1005, 'web already existed, please change'));
  const user = userEvent.setup();
  const { feedback } = renderAt('/add/DaemonSet');
  await fillBasic(user, 'web');
  await user.click(button('Next'));
  await addContainer(user, 'web', 'registry.example.com/web:1');
  await user.click(button('Save container'));
  await waitFor(() => expect(screen.queryByTestId('container-editor')).toBeNull());
  await user.click(button('Next'));
  await user.click(button('Create'));
  expect(await screen.findByText('web already existed, please change')).toBeDefined();
  expect(screen.getByTestId('step-basic').hidden).toBe(false);
  expect(feedback.requestFailed).not.toHaveBeenCalled();
});

it('asks before leaving with unsaved data', async () => {
  const user = userEvent.setup();
  renderAt('/add/Deployment');
  await user.type(await screen.findByLabelText('Name'), 'web');
  await user.click(screen.getByRole('link', { name: 'Cancel' }));
  expect(
    await screen.findByText('You have unsaved data on this page, are you sure to exit now ?'),
  ).toBeDefined();
  await user.click(screen.getByRole('button', { name: 'Leave' }));
  expect(await screen.findByText('application list')).toBeDefined();
});

it('is the form the generic create page opens at each application path', async () => {
  for (const path of ['/add/Application', '/add/CronJob']) {
    const route = findPageRoute(routeTable, path);
    const Page = (await route?.page())?.default;
    if (!Page) throw new Error(`no page at ${path}`);
    const { unmount } = renderAdminRoutes([{ path, element: <Page /> }], path, server);
    expect(await screen.findByTestId('application-create-page')).toBeDefined();
    unmount();
  }
});

/** Fills the form with one container of the private registry's image, up to the service step. */
async function privateImageApplication(user: UserEvent) {
  await fillBasic(user, 'web');
  await user.click(button('Next'));
  await addContainer(user, 'web', PRIVATE_IMAGE);
  await user.click(button('Save container'));
  await waitFor(() => expect(screen.queryByTestId('container-editor')).toBeNull());
  expect(
    await within(screen.getByTestId('containers')).findByText(
      'Pull secret: nimbus-registry-private',
    ),
  ).toBeDefined();
  await user.click(button('Next'));
}

it('writes the pull secret of a private registry first and names it in the pod template', async () => {
  server.respond(
    PULL_SECRET_IN('shop'),
    ok({ metadata: { name: 'nimbus-registry-private' }, type: 'x', keys: [] }),
  );
  server.respond(CREATE_IN('shop'), ok({ namespace: 'shop', objects: [] }));
  const user = userEvent.setup();
  renderAt('/add/Deployment');
  await privateImageApplication(user);
  await user.click(button('Create'));
  await screen.findByTestId('application-created');
  expect(posts().map((request) => request.path.split('/').slice(-2).join('/'))).toEqual([
    'registry/pull-secrets',
    'shop/applications',
  ]);
  const [secret, application] = posts().map((request) => request.body as Record<string, unknown>);
  expect(secret).toMatchObject({
    name: 'nimbus-registry-private',
    registryId: 'uid-private',
    cluster: 'member-a',
  });
  expect(application).toMatchObject({ imagePullSecrets: ['nimbus-registry-private'] });
});

it('creates no workload when the pull secret is refused, and says why', async () => {
  server.respond(
    PULL_SECRET_IN('shop'),
    failed(1005, 'secret nimbus-registry-private already exists; it was left untouched'),
  );
  const user = userEvent.setup();
  renderAt('/add/Deployment');
  await privateImageApplication(user);
  await user.click(button('Create'));
  const alert = await screen.findByTestId('app-pull-secret-error');
  expect(alert.textContent).toContain('registry private');
  expect(alert.textContent).toContain('left untouched');
  expect(posts().map((request) => request.path)).toEqual([
    `${PLACED_NAMESPACES}/shop/registry/pull-secrets`,
  ]);
  expect(screen.queryByTestId('application-created')).toBeNull();
});
