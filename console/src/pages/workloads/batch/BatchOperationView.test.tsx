import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, failed, ok, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import { BatchOperationView } from './BatchOperationView';
import { batchOperationsOf } from './batchOperations';

const K8S_AT = `${API}/k8s.nimbus.io/vendors/aws/regions/eu/clusters/prod/namespaces/shop`;
const row = (name: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: 'shop', uid: `uid-${name}` },
  vendor: 'aws',
  region: 'eu',
  cluster: 'prod',
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(
    `${API}/crd.nimbus.io/deployments?pageSize=100`,
    ok({ items: [row('web'), row('api'), row('worker')] }),
  );
});
afterEach(() => server.close());

const renderWizard = () =>
  renderAdminRoutes(
    [{ path: '/list/:type', element: <BatchOperationView /> }],
    '/list/Deployment',
    server,
  );
const checkboxOf = async (name: string) => {
  const cell = await screen.findByText(name);
  return within(cell.closest('tr') as HTMLElement).getByRole('checkbox');
};

it('offers what fits the kind', () => {
  expect(batchOperationsOf('deployments')).toEqual(['restart', 'delete']);
  expect(batchOperationsOf('cronjobs')).toEqual(['suspend', 'resume', 'delete']);
  expect(batchOperationsOf('jobs')).toEqual(['delete']);
});

it('restarts the chosen applications after both confirmations, one result each', async () => {
  server.respond(`POST ${K8S_AT}/deployments/web/restart`, ok(row('web')));
  server.respond(`POST ${K8S_AT}/deployments/worker/restart`, failed(9997, 'no permission'));
  const user = userEvent.setup();
  renderWizard();

  const next = () => screen.getByRole('button', { name: /Next/ });
  await checkboxOf('web');
  expect((next() as HTMLButtonElement).disabled).toBe(true);
  await user.click(await checkboxOf('web'));
  await user.click(await checkboxOf('worker'));
  await user.click(screen.getByText('Restart'));
  await user.click(next());

  expect(screen.getByText('Restart: 2 selected applications')).toBeDefined();
  expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));

  await screen.findByRole('button', { name: 'Start over' });
  const results = screen.getAllByRole('row').slice(1);
  expect(results.map((r) => r.textContent)).toEqual(['webshopprodDone', 'workershopprodFailed']);
  expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
    `${K8S_AT}/deployments/web/restart`,
    `${K8S_AT}/deployments/worker/restart`,
  ]);
});

it('goes back to the selection without doing anything', async () => {
  const user = userEvent.setup();
  renderWizard();
  await user.click(await checkboxOf('api'));
  await user.click(screen.getByText('Delete'));
  await user.click(screen.getByRole('button', { name: /Next/ }));
  expect(screen.getByText('Delete: 1 selected applications')).toBeDefined();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await waitFor(() => expect(screen.getByRole('button', { name: /Next/ })).toBeDefined());
  expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
});
