import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { API, chooseOption, ok, page, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import AuditPage from './AuditPage';

const RECORDS = `${API}/audit.nimbus.io/records`;
const NOW = new Date('2026-03-04T05:06:07.000Z');
const record = {
  id: 'a-1',
  userName: 'alice',
  resource: 'iam/users',
  operation: 'createUser',
  category: null,
  method: 'POST',
  requestTime: '2026-03-04T05:00:00.000Z',
  uri: '/api/v1/iam.nimbus.io/users',
  httpStatus: 200,
  code: 0,
  message: 'success',
  handleTimeMs: 12,
  requestHeader: { 'content-type': 'application/json', authorization: '***' },
  requestBody: '{"userName":"bob","password":"***"}',
  responseBody: '',
  level: 'Request',
  cluster: null,
  namespace: null,
  kind: null,
  name: null,
};
const namespaceDelete = {
  ...record,
  id: 'a-2',
  method: 'DELETE',
  resource: 'k8s/vendors',
  operation: 'deleteNamespace',
  uri: '/api/v1/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/local/clusters/prod/namespaces/shop',
  organization: 'acme',
  cluster: 'prod',
  kind: 'namespaces',
  name: 'shop',
  requestBody: '',
};

let server: LoopbackServer;
beforeEach(async () => {
  // Only the clock is fixed, so quick ranges are predictable; timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  server = await startLoopbackServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const renderAudit = () =>
  renderAdminRoutes([{ path: '/audit', element: <AuditPage /> }], '/audit', server);

const queryOf = (path: string) => Object.fromEntries(new URL(path, server.origin).searchParams);

it('lists the last day first and expands a record into its redacted header and body', async () => {
  server.respond(
    `${RECORDS}?from=2026-03-03T05%3A06%3A07.000Z&to=2026-03-04T05%3A06%3A07.000Z&page=1&pageSize=20`,
    ok(page([record])),
  );
  const user = userEvent.setup();
  renderAudit();

  const table = await screen.findByTestId('audit-table');
  // Named from the contract operation, not the URL.
  expect(await within(table).findByText('Create user')).toBeDefined();
  expect(within(table).queryByText('/api/v1/iam.nimbus.io/users')).toBeNull();
  await user.click(within(table).getByRole('button', { name: /expand row/i }));

  const detail = await screen.findByTestId('audit-record-detail');
  // What the list leaves out to fit the page is in the details.
  expect(within(detail).getByText('/api/v1/iam.nimbus.io/users')).toBeDefined();
  expect(within(detail).getByText('12 ms')).toBeDefined();
  const blocks = [...detail.querySelectorAll('pre')].map((pre) => pre.textContent);
  expect(blocks).toEqual([
    '{\n  "content-type": "application/json",\n  "authorization": "***"\n}',
    '{\n  "userName": "bob",\n  "password": "***"\n}',
  ]);
});

it('shows "No records" and sends every filter as a query parameter', async () => {
  const user = userEvent.setup();
  renderAudit();
  expect(await screen.findByText('No records')).toBeDefined();

  await user.type(screen.getByLabelText('User'), 'alice');
  await user.type(screen.getByLabelText('Resource'), 'roles');
  await chooseOption(user, screen.getByLabelText('Method'), 'DELETE');
  await user.type(screen.getByLabelText('HTTP status'), '403');
  await chooseOption(user, screen.getByLabelText('Time range'), 'Last 15 minutes');
  await user.click(screen.getByRole('button', { name: 'Search' }));

  await waitFor(() => expect(server.requests).toHaveLength(2));
  expect(queryOf(server.requests[1]?.path ?? '')).toEqual({
    user: 'alice',
    resource: 'roles',
    method: 'DELETE',
    status: '403',
    from: '2026-03-04T04:51:07.000Z',
    to: '2026-03-04T05:06:07.000Z',
    page: '1',
    pageSize: '20',
  });
});

it('refuses a custom range whose start is later than its end', async () => {
  const user = userEvent.setup();
  renderAudit();
  await screen.findByText('No records');

  await chooseOption(user, screen.getByLabelText('Time range'), 'Custom');
  await user.type(await screen.findByLabelText('Start time'), '2026-03-02 10:00:00{Enter}');
  await user.type(screen.getByLabelText('End time'), '2026-03-01 10:00:00{Enter}');
  await user.click(screen.getByRole('button', { name: 'Search' }));

  expect(await screen.findByText("Start time couldn't later than end time")).toBeDefined();
  // Enter in the start picker may already search "since start"; a reversed range never goes out.
  const reversed = server.requests
    .map((request) => queryOf(request.path))
    .filter(({ from, to }) => from !== undefined && to !== undefined && from > to);
  expect(reversed).toEqual([]);
  expect(server.requests.map((request) => queryOf(request.path).to)).not.toContain(
    new Date(2026, 2, 1, 10).toISOString(),
  );
});

it('shows operations first: a preset applies at once, the target shows, the export follows', async () => {
  const user = userEvent.setup();
  renderAudit();
  expect(await screen.findByText('No records')).toBeDefined();
  server.respond(
    `${RECORDS}?preset=changes&from=2026-03-03T05%3A06%3A07.000Z&to=2026-03-04T05%3A06%3A07.000Z&page=1&pageSize=20`,
    ok(page([namespaceDelete])),
  );

  await user.click(screen.getByText('Changes'));
  const table = await screen.findByTestId('audit-table');
  expect(await within(table).findByText('prod · namespaces shop')).toBeDefined();
  expect(queryOf(server.requests.at(-1)?.path ?? '')).toMatchObject({ preset: 'changes' });

  const csv = new URL(
    screen.getByTestId('audit-export-csv').getAttribute('href') ?? '',
    server.origin,
  );
  expect(csv.pathname).toBe('/api/v1/audit.nimbus.io/records/export');
  expect(Object.fromEntries(csv.searchParams)).toMatchObject({ preset: 'changes', format: 'csv' });

  await user.type(screen.getByLabelText('Organization'), 'acme');
  await user.type(screen.getByLabelText('Cluster'), 'prod');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() =>
    expect(queryOf(server.requests.at(-1)?.path ?? '')).toMatchObject({
      preset: 'changes',
      organization: 'acme',
      cluster: 'prod',
    }),
  );
  const jsonl = new URL(
    screen.getByTestId('audit-export-jsonl').getAttribute('href') ?? '',
    server.origin,
  );
  expect(Object.fromEntries(jsonl.searchParams)).toMatchObject({
    organization: 'acme',
    cluster: 'prod',
    format: 'jsonl',
  });
});

it('says a Metadata record has no body by policy, and shows where a member call acted', async () => {
  server.respond(
    `${RECORDS}?from=2026-03-03T05%3A06%3A07.000Z&to=2026-03-04T05%3A06%3A07.000Z&page=1&pageSize=20`,
    ok(page([{ ...namespaceDelete, level: 'Metadata', namespace: 'shop' }])),
  );
  const user = userEvent.setup();
  renderAudit();
  const table = await screen.findByTestId('audit-table');
  await user.click(await within(table).findByRole('button', { name: /expand row/i }));
  const detail = await screen.findByTestId('audit-record-detail');
  expect(within(detail).getByText('Metadata: no body recorded by the audit policy')).toBeDefined();
  expect(within(detail).getByText('namespaces')).toBeDefined();
  expect(within(detail).getAllByText('shop')).toHaveLength(2);
});

it("names operations in the reader's words, files checks apart, and filters by operation", async () => {
  const check = {
    ...record,
    id: 'a-3',
    resource: 'manage/registries',
    operation: 'testRegistry',
    category: 'check',
  };
  const unnamed = { ...record, id: 'a-4', operation: null, method: 'GET', resource: 'iam/users' };
  server.respond(
    `${RECORDS}?from=2026-03-03T05%3A06%3A07.000Z&to=2026-03-04T05%3A06%3A07.000Z&page=1&pageSize=20`,
    ok(page([check, unnamed])),
  );
  const user = userEvent.setup();
  renderAudit();
  const table = await screen.findByTestId('audit-table');
  const checkRow = (await within(table).findByText('Test registry connection')).closest('tr');
  expect(within(checkRow as HTMLElement).getByText('Checks')).toBeDefined();
  // A record that matched no operation says what it did as before.
  expect(within(table).getByText('GET iam/users')).toBeDefined();

  await user.click(within(screen.getByRole('radiogroup')).getByText('Checks'));
  await waitFor(() =>
    expect(queryOf(server.requests.at(-1)?.path ?? '')).toMatchObject({ preset: 'checks' }),
  );
  // 193 operations: the reader types to find one.
  await user.type(screen.getByLabelText('Operation'), 'install rel');
  await chooseOption(user, screen.getByLabelText('Operation'), 'Install release');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() =>
    expect(queryOf(server.requests.at(-1)?.path ?? '')).toMatchObject({
      preset: 'checks',
      operation: 'installRelease',
    }),
  );
});
