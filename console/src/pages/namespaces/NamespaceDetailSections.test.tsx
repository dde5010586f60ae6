import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { stopFakeEventSources, useFakeEventSources } from '../../../tests/fakeEventSource';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';
import { crdAt, K8S, k8sAt, MEMBER_A } from './namespaceTestData';

// The Namespace kind's sections and delete action, as the generic detail page renders them.

const DETAIL = `${crdAt(MEMBER_A)}/namespaces/team-a`;
const QUERY = new URLSearchParams(MEMBER_A).toString();

const detail = (overrides: object = {}) => ({
  namespace: { name: 'team-a', uid: 'uid-team-a', phase: 'Active', labels: {}, annotations: {} },
  resourceQuotas: [
    {
      metadata: { name: 'nimbus-quota', namespace: 'team-a' },
      spec: { hard: { 'limits.cpu': '2', 'limits.memory': '4Gi', pods: '10' } },
      status: { used: { 'limits.cpu': '500m' } },
    },
  ],
  limitRanges: [],
  ...overrides,
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(DETAIL, ok(detail()));
  server.respond(
    `${crdAt(MEMBER_A)}/resources/namespaces/team-a`,
    ok({ kind: 'Namespace', metadata: { name: 'team-a', uid: 'uid-team-a' } }),
  );
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
});
afterEach(() => {
  server.close();
  stopFakeEventSources();
});

const renderSections = () =>
  renderAdminRoutes(
    [
      { path: '/detail/:type/:name', element: <ResourceDetailPage /> },
      { path: '/list/Namespace', element: <p>namespace list</p> },
    ],
    `/detail/Namespace/team-a?${QUERY}`,
    server,
  );

const detailLoads = () => server.requests.filter((request) => request.path === DETAIL).length;
const writes = () => server.requests.filter((request) => request.method !== 'GET');

it('shows the quota and replaces its totals with PUT, keeping its other limits', async () => {
  server.respond(`PUT ${K8S}/namespaces/team-a/resourcequotas/nimbus-quota`, ok({}));
  const user = userEvent.setup();
  renderSections();

  const quota = await screen.findByTestId('namespace-quota-section');
  expect(await within(quota).findByText('500m used of 2')).toBeDefined();
  expect(within(quota).getByText('4Gi')).toBeDefined();
  const limits = screen.getByTestId('namespace-limits-section');
  expect(within(limits).getAllByText('Not set')).toHaveLength(12);

  await user.click(screen.getByRole('button', { name: 'Edit resource quota' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit resource quota' });
  const cpu = within(dialog).getByLabelText('CPU total');
  expect((cpu as HTMLInputElement).value).toBe('2');
  await user.clear(cpu);
  await user.type(cpu, 'many');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Enter a CPU quantity such as 500m or 2')).toBeDefined();
  expect(writes()).toHaveLength(0);

  await user.clear(cpu);
  await user.type(cpu, '3');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(writes()).toHaveLength(1));
  expect(writes()[0]?.body).toEqual({
    ...MEMBER_A,
    metadata: { name: 'nimbus-quota', namespace: 'team-a' },
    spec: { hard: { 'limits.cpu': '3', 'limits.memory': '4Gi', pods: '10' } },
  });
  await waitFor(() => expect(detailLoads()).toBe(2));
  await waitFor(() => expect(screen.queryByTestId('namespace-quota-form')).toBeNull());
});

it('creates a limit range with POST when the namespace has none', async () => {
  server.respond(`POST ${K8S}/namespaces/team-a/limitranges`, ok({}));
  const user = userEvent.setup();
  renderSections();

  await user.click(await screen.findByRole('button', { name: 'Edit limit range' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(
    await screen.findByText('Set at least one bound: a limit range cannot be empty'),
  ).toBeDefined();
  expect(writes()).toHaveLength(0);
  await user.type(within(dialog).getByLabelText('Container: Maximum CPU'), '1');
  await user.type(within(dialog).getByLabelText('Container: Default memory request'), '128Mi');
  await user.type(within(dialog).getByLabelText('Pod: Minimum memory'), '64Mi');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(writes()).toHaveLength(1));
  expect(writes()[0]?.body).toEqual({
    ...MEMBER_A,
    metadata: { name: 'nimbus-limits', namespace: 'team-a' },
    spec: {
      limits: [
        { type: 'Pod', min: { memory: '64Mi' } },
        { type: 'Container', max: { cpu: '1' }, defaultRequest: { memory: '128Mi' } },
      ],
    },
  });
});

it('replaces an existing limit range with PUT and creates a missing quota with POST', async () => {
  server.respond(
    DETAIL,
    ok(
      detail({
        resourceQuotas: [],
        limitRanges: [
          {
            metadata: { name: 'team-limits', namespace: 'team-a' },
            spec: { limits: [{ type: 'Container', max: { cpu: '2', memory: '1Gi' } }] },
          },
        ],
      }),
    ),
  );
  server.respond(`PUT ${K8S}/namespaces/team-a/limitranges/team-limits`, ok({}));
  server.respond(`POST ${K8S}/namespaces/team-a/resourcequotas`, ok({}));
  const user = userEvent.setup();
  renderSections();

  const limits = await screen.findByTestId('namespace-limits-section');
  expect(await within(limits).findByText('1Gi')).toBeDefined();
  await user.click(screen.getByRole('button', { name: 'Edit limit range' }));
  let dialog = await screen.findByRole('dialog', { name: 'Edit limit range' });
  const max = within(dialog).getByLabelText('Container: Maximum CPU');
  await user.clear(max);
  await user.type(max, '4');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(writes()).toHaveLength(1));
  expect(writes()[0]?.path).toBe(`${K8S}/namespaces/team-a/limitranges/team-limits`);
  expect(writes()[0]?.body).toMatchObject({
    metadata: { name: 'team-limits', namespace: 'team-a' },
    spec: { limits: [{ type: 'Container', max: { cpu: '4', memory: '1Gi' } }] },
  });
  await waitFor(() => expect(screen.queryByTestId('namespace-limits-form')).toBeNull());

  await user.click(screen.getByRole('button', { name: 'Edit resource quota' }));
  dialog = await screen.findByRole('dialog', { name: 'Edit resource quota' });
  await user.type(within(dialog).getByLabelText('Memory total'), '8Gi');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(writes()).toHaveLength(2));
  expect(writes()[1]).toMatchObject({
    method: 'POST',
    path: `${K8S}/namespaces/team-a/resourcequotas`,
    body: {
      ...MEMBER_A,
      metadata: { name: 'nimbus-quota', namespace: 'team-a' },
      spec: { hard: { 'limits.memory': '8Gi' } },
    },
  });
});

it('deletes the namespace once its name is typed, then opens the namespace list', async () => {
  server.respond(`DELETE ${k8sAt(MEMBER_A)}/namespaces/team-a`, ok(null));
  const user = userEvent.setup();
  renderSections();

  await user.click(await screen.findByRole('button', { name: 'Delete namespace' }));
  const dialog = await screen.findByRole('dialog');
  const confirm = within(dialog).getByRole('button', { name: 'Delete' });
  expect(confirm).toHaveProperty('disabled', true);
  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'team-');
  expect(confirm).toHaveProperty('disabled', true);
  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'a');
  await user.click(confirm);

  expect(await screen.findByText('namespace list')).toBeDefined();
  expect(writes().map((request) => `${request.method} ${request.path}`)).toEqual([
    `DELETE ${k8sAt(MEMBER_A)}/namespaces/team-a`,
  ]);
});

it('shows the quota usage anew as pods in the namespace or the namespace itself change', async () => {
  const streams = useFakeEventSources();
  let used = '500m';
  server.respond(DETAIL, () =>
    ok(
      detail({
        resourceQuotas: [
          {
            metadata: { name: 'nimbus-quota', namespace: 'team-a' },
            spec: { hard: { 'limits.cpu': '2' } },
            status: { used: { 'limits.cpu': used } },
          },
        ],
      }),
    ),
  );
  renderSections();
  const quota = await screen.findByTestId('namespace-quota-section');
  expect(await within(quota).findByText('500m used of 2')).toBeDefined();
  const stream = await waitFor(() => {
    const [only] = streams();
    expect(only).toBeDefined();
    return only as NonNullable<typeof only>;
  });
  stream.send('ready');
  const change = (kind: string, namespace: string, name: string) => ({
    changes: [{ cluster: MEMBER_A.cluster, kind, namespace, name, type: 'upsert' }],
  });

  // A pod of another namespace is not this quota's.
  const before = detailLoads();
  stream.send('changes', change('pods', 'team-b', 'web-1'));
  used = '1500m';
  stream.send('changes', change('pods', 'team-a', 'web-1'));
  expect(await within(quota).findByText('1500m used of 2')).toBeDefined();
  expect(detailLoads()).toBe(before + 1);

  used = '2';
  stream.send('changes', change('namespaces', '', 'team-a'));
  expect(await within(quota).findByText('2 used of 2')).toBeDefined();
});
