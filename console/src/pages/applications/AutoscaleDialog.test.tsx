import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';

const LOCATION = 'vendors/aws/regions/eu/clusters/prod';
const CRD = `${API}/crd.nimbus.io/${LOCATION}`;
const AUTOSCALE = `${API}/k8s.nimbus.io/${LOCATION}/namespaces/shop/deployments/web/autoscale`;

let server: LoopbackServer;
let current: object | null;
beforeEach(async () => {
  server = await startLoopbackServer();
  current = null;
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(
    `${CRD}/resources/deployments/web?namespace=shop`,
    ok({ kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 2 } }),
  );
  for (const section of ['pods', 'revisions', 'services', 'events']) {
    server.respond(`${CRD}/namespaces/shop/deployments/web/${section}`, ok({ items: [] }));
  }
  server.respond(AUTOSCALE, () => ok(current));
});
afterEach(() => server.close());

const renderDetail = () =>
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    '/detail/Deployment/web?vendor=aws&region=eu&cluster=prod&namespace=shop',
    server,
  );
const requestsTo = (method: string) =>
  server.requests.filter((request) => request.method === method && request.path === AUTOSCALE);

it('creates the autoscaler with the range and thresholds entered, beside the scale action', async () => {
  server.respond(
    `PUT ${AUTOSCALE}`,
    ok({ name: 'web', minReplicas: 2, maxReplicas: 5, cpuUtilization: 70 }),
  );
  const user = userEvent.setup();
  renderDetail();
  await user.click(await screen.findByRole('button', { name: 'Scale automatically' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText(/Not scaled automatically yet/)).toBeDefined();
  const field = (label: string) => within(dialog).getByLabelText(label);
  await user.clear(field('Minimum replicas'));
  await user.type(field('Minimum replicas'), '6');
  expect(
    await within(dialog).findByText('The maximum must not be below the minimum'),
  ).toBeDefined();
  await user.clear(field('Minimum replicas'));
  await user.type(field('Minimum replicas'), '2');
  await user.clear(field('Maximum replicas'));
  await user.type(field('Maximum replicas'), '5');
  await user.clear(field('CPU utilisation threshold'));
  await user.type(field('CPU utilisation threshold'), '70');
  await user.click(within(dialog).getByTestId('autoscale-ok'));
  await waitFor(() =>
    expect(requestsTo('PUT').map((r) => r.body)).toEqual([
      { minReplicas: 2, maxReplicas: 5, cpuUtilization: 70 },
    ]),
  );
  expect(await screen.findByText('Operation succeeded')).toBeDefined();
});

it('stops scaling automatically after a second confirmation', async () => {
  current = { name: 'web', minReplicas: 1, maxReplicas: 4, memoryUtilization: 60 };
  server.respond(`DELETE ${AUTOSCALE}`, ok(null));
  const user = userEvent.setup();
  renderDetail();
  await user.click(await screen.findByRole('button', { name: 'Scale automatically' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Scaled automatically by web')).toBeDefined();
  expect((within(dialog).getByLabelText('Maximum replicas') as HTMLInputElement).value).toBe('4');
  await user.click(within(dialog).getByTestId('autoscale-stop'));
  const confirm = (await screen.findAllByText('Stop scaling automatically?'))
    .at(-1)
    ?.closest('.ant-modal') as HTMLElement;
  expect(requestsTo('DELETE')).toHaveLength(0);
  await user.click(within(confirm).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(requestsTo('DELETE')).toHaveLength(1));
});
