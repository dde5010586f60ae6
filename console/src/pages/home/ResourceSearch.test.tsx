import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, requestLines } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { ResourceSearch } from './ResourceSearch';

const SEARCH = `${API}/crd.nimbus.io/search`;
const topology = (cluster: string) => ({ cluster, region: 'us-east-1', vendor: 'aws' });
const sample = (name: string, namespace?: string) => ({
  labels: namespace ? { name, namespace } : { name },
  value: 1_700_000_000,
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderSearch = () => {
  renderAdminRoutes([{ path: '/home', element: <ResourceSearch /> }], '/home', server);
  return screen.getByRole('searchbox', { name: 'Search resources in all clusters' });
};

const searchRequests = () => requestLines(server).filter((line) => line.includes('/search'));

it('searches on Enter only, and never with blank text', async () => {
  server.respond(`${SEARCH}?keyword=web`, ok([]));
  const user = userEvent.setup();
  const input = renderSearch();

  await user.type(input, 'web');
  expect(screen.queryByTestId('resource-search-results')).toBeNull();
  await user.clear(input);
  await user.type(input, '   {Enter}');
  expect(screen.queryByTestId('resource-search-results')).toBeNull();
  expect(searchRequests()).toEqual([]);

  await user.clear(input);
  await user.type(input, 'web{Enter}');
  expect(await screen.findByText('No relevant resources found')).toBeDefined();
  expect(searchRequests()).toEqual([`GET ${SEARCH}?keyword=web`]);
});

it('closes the results when the text is cleared', async () => {
  server.respond(`${SEARCH}?keyword=web`, ok([]));
  const user = userEvent.setup();
  const input = renderSearch();

  await user.type(input, 'web{Enter}');
  expect(await screen.findByTestId('resource-search-results')).toBeDefined();
  await user.clear(input);
  await waitFor(() => expect(screen.queryByTestId('resource-search-results')).toBeNull());
});

it('shows a tab per cluster, grouped by type, each entry linking to its detail page by Kind', async () => {
  server.respond(
    `${SEARCH}?keyword=web`,
    ok([
      {
        providerTopology: topology('prod'),
        resources: [
          {
            type: 'deployment',
            unit: '',
            samples: [sample('web', 'shop'), sample('web-2', 'shop')],
          },
          { type: 'namespace', unit: '', samples: [sample('web-ns')] },
          { type: 'widgets', unit: '', samples: [sample('web.17a', 'shop')] },
          { type: 'service', unit: '', samples: [] },
        ],
      },
      {
        providerTopology: topology('staging'),
        resources: [{ type: 'pod', unit: '', samples: [sample('web-pod', 'qa')] }],
      },
    ]),
  );
  const user = userEvent.setup();
  const input = renderSearch();
  await user.type(input, 'web{Enter}');

  expect(await screen.findByRole('tab', { name: 'prod' })).toBeDefined();
  expect(screen.getByRole('tab', { name: 'staging' })).toBeDefined();
  const groups = screen.getAllByTestId('search-result-type');
  expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
    'Deployments',
    'Namespaces',
    'widgets',
  ]);
  // A kind without a console page is shown, not linked.
  expect(within(groups[2] as HTMLElement).getByText('web.17a')).toBeDefined();
  expect(screen.queryByRole('link', { name: 'web.17a' })).toBeNull();
  const deployments = within(groups[0] as HTMLElement).getAllByTestId('search-result');
  expect(deployments).toHaveLength(2);
  expect(within(deployments[0] as HTMLElement).getByText('Namespace: shop')).toBeDefined();
  const time = new Date(1_700_000_000_000).toLocaleString('en');
  expect(within(deployments[0] as HTMLElement).getByText(time)).toBeDefined();
  expect(screen.getByRole('link', { name: 'web' }).getAttribute('href')).toBe(
    '/detail/Deployment/web?vendor=aws&region=us-east-1&cluster=prod&namespace=shop',
  );
  expect(screen.getByRole('link', { name: 'web-ns' }).getAttribute('href')).toBe(
    '/detail/Namespace/web-ns?vendor=aws&region=us-east-1&cluster=prod',
  );

  await user.click(screen.getByRole('tab', { name: 'staging' }));
  expect((await screen.findByRole('link', { name: 'web-pod' })).getAttribute('href')).toBe(
    '/detail/Pod/web-pod?vendor=aws&region=us-east-1&cluster=staging&namespace=qa',
  );
});

it('says nothing was found when no cluster has a matching resource', async () => {
  server.respond(
    `${SEARCH}?keyword=none`,
    ok([{ providerTopology: topology('prod'), resources: [{ type: 'pod', samples: [] }] }]),
  );
  const user = userEvent.setup();
  await user.type(renderSearch(), 'none{Enter}');

  expect(await screen.findByText('No relevant resources found')).toBeDefined();
  expect(screen.queryByRole('tab')).toBeNull();
});
