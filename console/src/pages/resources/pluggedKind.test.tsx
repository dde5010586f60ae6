import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ReactElement } from 'react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { userView } from '../../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { resourceApi } from '../../api/resourceApi';
import { completed } from '../../resources/descriptors/completed';
import type { MapField } from '../../apiClient/requestArgs';
import type {
  ActionDescriptor,
  KindDescriptor,
  SectionProps,
} from '../../resources/descriptors/types';
import { kindRegistry } from '../../resources/kindDescriptors';
import { KindRegistryProvider } from '../../resources/KindRegistryContext';
import { textAt } from '@nimbus/api/shared';
import type { DerivedRole } from '../../appState/deriveRole';
import { appActions } from '../../appState/appSlice';
import ResourceCreatePage from './ResourceCreatePage';
import ResourceDetailPage from './ResourceDetailPage';
import ResourceListPage from './ResourceListPage';

// A kind the console does not have, described from outside: its own column, section, actions
// and form show up in the generic list, detail and create screens without touching them.

const CRD = `${API}/crd.nimbus.io`;
const AT = `${CRD}/vendors/aws/regions/eu/clusters/prod`;
const WIDGET = `${AT}/resources/widgets/w1?namespace=shop`;
const QUERY = '?vendor=aws&region=eu&cluster=prod&namespace=shop';

function WidgetColourSection({ context }: SectionProps) {
  return <p data-testid="widget-colour">{textAt(context.object, 'spec', 'colour')}</p>;
}

/** The fake kind's mutations: real requests, through the store, to the loopback server. */
const writeMap =
  (field: MapField, values: Record<string, string>): ActionDescriptor['run'] =>
  ({ address }, dispatch) =>
    completed(
      dispatch(resourceApi.endpoints.updateResourceMap.initiate({ address, field, values })),
    );

const widget: KindDescriptor = {
  kind: 'Widget',
  labelKey: 'routes.list',
  plural: 'widgets',
  namespaced: true,
  columns: [
    {
      key: 'colour',
      titleKey: 'resources.columns.message',
      value: (object) => textAt(object, 'spec', 'colour'),
      display: {
        type: 'custom',
        render: (object) => <mark>{`colour ${textAt(object, 'spec', 'colour') ?? ''}`}</mark>,
      },
    },
  ],
  sections: [{ id: 'colour', component: lazy(async () => ({ default: WidgetColourSection })) }],
  actions: [
    {
      id: 'polish',
      labelKey: 'resources.node.cordon',
      confirm: {
        kind: 'confirm',
        titleKey: 'resources.node.cordonTitle',
        textKey: 'resources.node.cordonText',
      },
      permission: 'widget:polish',
      available: ({ object }) => object?.metadata?.labels?.polished !== 'yes',
      run: writeMap('labels', { polished: 'yes' }),
    },
    {
      id: 'scrap',
      labelKey: 'namespaces.delete.button',
      danger: true,
      confirm: { kind: 'typeName', titleKey: 'namespaces.delete.title' },
      roles: ['system-admin'],
      run: writeMap('annotations', { scrapped: 'yes' }),
      after: 'list',
    },
  ],
  create: { forms: ['Service'], component: () => <p>widget form</p> },
};

let server: LoopbackServer;
let polished: boolean;
beforeEach(async () => {
  server = await startLoopbackServer();
  polished = false;
  server.respond(`${CRD}/clusters?page=1&pageSize=100`, ok({ items: [], total: 0 }));
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(`${CRD}/widgets?pageSize=20`, ok({ items: [widgetObject('shop', true)] }));
  server.respond(WIDGET, () => ok(widgetObject('shop', false)));
  server.respond(`PUT ${AT}/resources/labels`, () => {
    polished = true;
    return ok(widgetObject('shop', false));
  });
  server.respond(`PUT ${AT}/resources/annotations`, ok(widgetObject('shop', false)));
});
afterEach(() => server.close());

function widgetObject(namespace: string, listed: boolean) {
  return {
    kind: 'Widget',
    metadata: { name: 'w1', namespace, labels: polished ? { polished: 'yes' } : {} },
    spec: { colour: 'teal' },
    ...(listed ? { cluster: 'prod', vendor: 'aws', region: 'eu' } : {}),
  };
}

const withWidgets = (element: ReactElement) => (
  <KindRegistryProvider value={kindRegistry([widget])}>{element}</KindRegistryProvider>
);

const renderWidgets = (path: string) =>
  renderAdminRoutes(
    [
      { path: '/list/:type', element: withWidgets(<ResourceListPage />) },
      { path: '/detail/:type/:name', element: withWidgets(<ResourceDetailPage />) },
      { path: '/add/Service', element: withWidgets(<ResourceCreatePage />) },
    ],
    path,
    server,
  );

/** Signs the viewer in as `role` holding `permissions` on cluster prod. */
function signIn(
  rendered: ReturnType<typeof renderAdminRoutes>,
  role: DerivedRole,
  permissions: string[],
) {
  server.respond(
    `${API}/iam.nimbus.io/users/admin`,
    ok(
      userView({
        userName: 'admin',
        sysAdminFlag: role === 'system-admin',
        clusterAccess: [{ cluster: 'prod', effect: 'Allow', permissions }],
      }),
    ),
  );
  act(() => {
    rendered.store.dispatch(
      appActions.routesGenerated({ role, user: { userName: 'admin', userId: USER_ID } }),
    );
  });
}

it('lists the kind with its own column renderer and opens its create form', async () => {
  const user = userEvent.setup();
  const { router } = renderWidgets('/list/Widget');

  expect(await screen.findByRole('heading', { name: 'Resource list' })).toBeDefined();
  const table = await screen.findByTestId('resource-table');
  expect(within(table).getByRole('columnheader', { name: 'Message' })).toBeDefined();
  const link = await within(table).findByRole('link', { name: 'w1' });
  expect(link.getAttribute('href')).toBe(`/detail/Widget/w1${QUERY}`);
  expect(within(link.closest('tr') as HTMLElement).getByText('colour teal').tagName).toBe('MARK');

  await user.click(screen.getByTestId('resource-list-create'));
  expect(await screen.findByText('widget form')).toBeDefined();
  expect(router.state.location.pathname).toBe('/add/Service');
});

it('shows its section and runs its action after confirming, then hides it as unavailable', async () => {
  const user = userEvent.setup();
  const rendered = renderWidgets(`/detail/Widget/w1${QUERY}`);
  signIn(rendered, 'user', ['widget:polish']);

  // The section renders at once and fills in when the object has been read.
  await waitFor(() => expect(screen.getByTestId('widget-colour').textContent).toBe('teal'));
  // The role-restricted action is not offered to a plain user.
  expect(screen.queryByTestId('resource-action-scrap')).toBeNull();
  await user.click(await screen.findByRole('button', { name: 'Pause scheduling' }));
  expect((await screen.findByTestId('confirm-action-text')).textContent).toBe(
    'Mark node w1 unschedulable? New pods will not be placed on it.',
  );
  await user.click(screen.getByRole('button', { name: 'Confirm' }));

  await waitFor(() =>
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      cluster: 'prod',
      namespace: 'shop',
      name: 'w1',
      type: 'widgets',
      labels: { polished: 'yes' },
    }),
  );
  // The write invalidated the object; re-read, it is polished and the action is gone.
  await waitFor(() => expect(screen.queryByTestId('resource-action-polish')).toBeNull());
});

it('hides an action whose permission the caller lacks on the cluster', async () => {
  const rendered = renderWidgets(`/detail/Widget/w1${QUERY}`);
  signIn(rendered, 'user', []);
  await waitFor(() =>
    expect(
      server.requests.some((request) => request.path === `${API}/iam.nimbus.io/users/admin`),
    ).toBe(true),
  );
  expect(await screen.findByTestId('widget-colour')).toBeDefined();
  await waitFor(() => expect(screen.queryByTestId('resource-action-polish')).toBeNull());
  expect(screen.getByTestId('resource-actions').childElementCount).toBe(0);
});

it('asks for the name before a role-restricted action, then opens the list', async () => {
  const user = userEvent.setup();
  const rendered = renderWidgets(`/detail/Widget/w1${QUERY}`);
  signIn(rendered, 'system-admin', []);

  await user.click(await screen.findByTestId('resource-action-scrap'));
  const dialog = await screen.findByRole('dialog');
  const confirm = within(dialog).getByRole('button', { name: 'Delete' });
  expect(confirm).toHaveProperty('disabled', true);
  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'w1');
  await user.click(confirm);

  await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/list/Widget'));
  expect(
    server.requests.find((request) => request.path === `${AT}/resources/annotations`)?.body,
  ).toMatchObject({ annotations: { scrapped: 'yes' } });
});
