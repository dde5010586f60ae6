import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, ORG_ID, page, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import HomePage from './HomePage';

const LIST = `${API}/manage.nimbus.io/organizations/${ORG_ID}/providers?page=1&pageSize=100`;
const cluster = (name: string, overrides: object) => ({
  providerID: name,
  provideruuid: `uid-${name}`,
  uuid: `uid-${name}`,
  kind: 'ProviderAWS',
  name,
  cluster: name,
  regionID: 'us-east-1',
  ready: true,
  status: 'Allow',
  roles: [],
  ...overrides,
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderHome = () =>
  renderAdminRoutes([{ path: '/home', element: <HomePage /> }], '/home', server);

const cardOf = async (name: string) => {
  const cards = await screen.findAllByTestId('home-cluster-card');
  const card = cards.find((element) => within(element).queryByText(name));
  if (!card) throw new Error(`no card for ${name}`);
  return card;
};

it('shows each cluster with its roles joined by "/" and its access', async () => {
  server.respond(
    LIST,
    ok(
      page([
        cluster('prod', {
          roles: [
            { roleName: 'viewer', effect: 'Allow' },
            { roleName: 'editor', effect: 'Allow' },
          ],
        }),
        cluster('denied', { status: 'Deny', roles: [{ roleName: 'viewer', effect: 'Deny' }] }),
        cluster('down', { ready: false, kind: 'ProviderKubeconfig', regionID: 'dc-1' }),
      ]),
    ),
  );
  renderHome();

  expect(screen.getByRole('heading', { name: 'Control panel' })).toBeDefined();
  const prod = await cardOf('prod');
  expect(within(prod).getByText('viewer/editor')).toBeDefined();
  expect(within(prod).getByText('Ready')).toBeDefined();
  expect(within(prod).getByText('Amazon EKS')).toBeDefined();
  expect(within(prod).getByText('us-east-1')).toBeDefined();
  expect(within(prod).getByText('Enable')).toBeDefined();

  const denied = await cardOf('denied');
  expect(within(denied).getByText('Disable')).toBeDefined();
  expect(within(denied).queryByText('Enable')).toBeNull();

  const down = await cardOf('down');
  expect(within(down).getByText('NotReady')).toBeDefined();
  expect(within(down).getByText('Disable')).toBeDefined();
  expect(within(down).getByText('dc-1')).toBeDefined();
});

it('says there are no clusters when the organization has none', async () => {
  server.respond(LIST, ok(page([], 100)));
  renderHome();

  expect(await screen.findByText('No clusters yet')).toBeDefined();
  expect(screen.queryByTestId('home-cluster-card')).toBeNull();
});
