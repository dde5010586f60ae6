import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, failed, ok, ORG_ID, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import ChartSourcesPage from './ChartSourcesPage';

const APPSTORE = `${API}/appstore.nimbus.io`;
const LIST = `${APPSTORE}/organizations/${ORG_ID}/chartsources`;

const stored = {
  uuid: 's-1',
  name: 'team-charts',
  organizationId: ORG_ID,
  organization: 'shop',
  type: 'OCI',
  url: 'oci://registry.shop.io/charts',
  plainHttp: false,
  credentialsSet: true,
  ready: { status: 'False', reason: 'CredentialsRefused', message: 'refused the password' },
  createdAt: '2026-01-01T00:00:00Z',
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(LIST, ok({ items: [stored] }));
});
afterEach(() => server.close());

const render = () =>
  renderAdminRoutes(
    [{ path: '/admin/appstore/sources', element: <ChartSourcesPage /> }],
    '/admin/appstore/sources',
    server,
  );

it('lists the sources with their Ready state and adds one only after a passing test', async () => {
  server.respond(`POST ${APPSTORE}/chartsources/test`, (request) =>
    (request.body as { credentials?: { password?: string } }).credentials?.password === 'right'
      ? ok({ chartCount: 3 })
      : failed(2006, 'registry.shop.io refused the user name and password (HTTP 401)'),
  );
  server.respond(`POST ${APPSTORE}/chartsources`, (request) =>
    ok({ ...stored, uuid: 's-2', name: (request.body as { name: string }).name }),
  );
  const user = userEvent.setup();
  render();
  expect(await screen.findByTestId('chart-source-ready-team-charts')).toHaveProperty(
    'textContent',
    'Not ready',
  );

  await user.click(screen.getByTestId('chart-source-add'));
  await user.type(screen.getByTestId('chart-source-name'), 'more');
  await user.type(screen.getByTestId('chart-source-url'), 'oci://registry.shop.io/more');
  await user.type(screen.getByTestId('chart-source-username'), 'ci');
  await user.type(screen.getByTestId('chart-source-password'), 'wrong');
  const submit = screen.getByTestId('chart-source-submit');
  await user.click(screen.getByTestId('chart-source-test'));
  expect(
    await screen.findByText('registry.shop.io refused the user name and password (HTTP 401)'),
  ).toBeDefined();
  expect(submit).toHaveProperty('disabled', true);

  await user.clear(screen.getByTestId('chart-source-password'));
  await user.type(screen.getByTestId('chart-source-password'), 'right');
  await user.click(screen.getByTestId('chart-source-test'));
  expect(await screen.findByText('Connected: 3 charts')).toBeDefined();
  await user.click(submit);
  await screen.findByText('Operation succeeded');
  const created = server.requests.find(
    (r) => r.method === 'POST' && r.path === `${APPSTORE}/chartsources`,
  );
  expect(created?.body).toEqual({
    name: 'more',
    type: 'OCI',
    url: 'oci://registry.shop.io/more',
    plainHttp: false,
    organizationId: ORG_ID,
    credentials: { username: 'ci', password: 'right' },
  });
});

it('edits a source keeping its stored credentials', async () => {
  server.respond(`POST ${APPSTORE}/chartsources/test`, ok({ chartCount: 1 }));
  server.respond(`PUT ${APPSTORE}/chartsources`, ok(stored));
  const user = userEvent.setup();
  render();
  const row = (await screen.findByText('team-charts')).closest('tr');
  if (!row) throw new Error('no row for team-charts');
  await user.click(within(row).getByText('Edit'));
  expect(screen.getByTestId('chart-source-name')).toHaveProperty('disabled', true);
  await user.click(screen.getByTestId('chart-source-test'));
  await screen.findByText('Connected: 1 charts');
  await user.click(screen.getByTestId('chart-source-submit'));
  await screen.findByText('Operation succeeded');
  const updated = server.requests.find((r) => r.method === 'PUT');
  expect(updated?.body).not.toHaveProperty('credentials');
  const tested = server.requests.find((r) => r.path === `${APPSTORE}/chartsources/test`);
  expect(tested?.body).toMatchObject({ name: 'team-charts' });
});

it('asks for the credentials again when the URL moves to another host', async () => {
  server.respond(`POST ${APPSTORE}/chartsources/test`, ok({ chartCount: 1 }));
  const user = userEvent.setup();
  render();
  const row = (await screen.findByText('team-charts')).closest('tr');
  if (!row) throw new Error('no row for team-charts');
  await user.click(within(row).getByText('Edit'));
  const url = screen.getByTestId('chart-source-url');
  await user.clear(url);
  await user.type(url, 'oci://elsewhere.example/charts');
  expect(await screen.findByTestId('credentials-again')).toBeDefined();
  await user.click(screen.getByTestId('chart-source-test'));
  expect(
    (await screen.findAllByText('Enter the credentials again: the address changed')).length,
  ).toBeGreaterThan(0);
  expect(server.requests.some((r) => r.path === `${APPSTORE}/chartsources/test`)).toBe(false);
});

it('deletes a source once confirmed', async () => {
  server.respond(`DELETE ${APPSTORE}/chartsources`, ok({ name: stored.name }));
  const user = userEvent.setup();
  render();
  const row = (await screen.findByText('team-charts')).closest('tr');
  if (!row) throw new Error('no row for team-charts');
  await user.click(within(row).getByText('Delete'));
  const question = await screen.findByText(
    'Delete chart source team-charts? Its charts leave the app store.',
  );
  const popover = question.closest('.ant-popover');
  if (!(popover instanceof HTMLElement)) throw new Error('no confirmation');
  await user.click(within(popover).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true));
  expect(server.requests.find((r) => r.method === 'DELETE')?.body).toEqual({
    organizationId: ORG_ID,
    name: 'team-charts',
  });
});
