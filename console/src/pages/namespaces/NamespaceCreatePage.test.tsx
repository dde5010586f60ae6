import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { failed, ok, page, renderAdminRoutes } from '../../../tests/adminTestBed';
import { chooseMemberA as pickMemberA } from '../../../tests/locationPicker';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { settle } from '../../../tests/settle';
import { findPageRoute } from '../../routes/generateRoutes';
import { routeTable } from '../../routes/routeTable';
import NamespaceCreatePage from './NamespaceCreatePage';
import { K8S, LOCATION_CLUSTERS, LOCATIONS } from './namespaceTestData';

const CREATE = `POST ${K8S}/namespaces`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(LOCATIONS, ok(page(LOCATION_CLUSTERS, 100)));
});
afterEach(() => server.close());

const renderPage = () =>
  renderAdminRoutes(
    [
      { path: '/add/Namespace', element: <NamespaceCreatePage /> },
      { path: '/home', element: <p>home page</p> },
      { path: '/list/Namespace', element: <p>namespace list</p> },
    ],
    '/add/Namespace',
    server,
  );

const posts = () => server.requests.filter((request) => request.method === 'POST');
const submit = () => screen.getByRole('button', { name: 'Create' });

const chooseMemberA = (user: UserEvent) => pickMemberA(user, server, LOCATIONS);

it('refuses a missing location, a bad name and quantities that are not quantities', async () => {
  const user = userEvent.setup();
  renderPage();

  await user.click(await screen.findByRole('button', { name: 'Create' }));
  expect(await screen.findByText('Please choose a location')).toBeDefined();
  expect(screen.getByText('Please enter a name')).toBeDefined();

  await user.type(screen.getByLabelText('Name'), 'Team_A');
  expect(
    await screen.findByText(
      'Only lowercase letters, digits and hyphens, starting and ending with a letter or digit',
    ),
  ).toBeDefined();
  await user.clear(screen.getByLabelText('Name'));
  await user.click(screen.getByLabelText('Name'));
  await user.paste('a'.repeat(64));
  expect(await screen.findByText('At most 63 characters')).toBeDefined();

  await user.type(screen.getByLabelText('CPU total'), 'lots');
  expect(await screen.findByText('Enter a CPU quantity such as 500m or 2')).toBeDefined();
  await user.type(screen.getByLabelText('Memory total'), '1GB');
  expect(await screen.findByText('Enter a memory quantity such as 512Mi or 1Gi')).toBeDefined();

  await user.type(screen.getByLabelText('Container: Minimum CPU'), '2');
  await user.type(screen.getByLabelText('Container: Maximum CPU'), '1');
  expect(await screen.findAllByText('Minimum CPU must not exceed Maximum CPU')).not.toHaveLength(0);

  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  await user.click(submit());
  await settle();
  const sentPosts = fetchSpy.mock.calls.filter(([input]) => (input as Request).method === 'POST');
  expect(sentPosts).toHaveLength(0);
  expect(posts()).toHaveLength(0);
  fetchSpy.mockRestore();
});

it('creates the namespace with only the filled-in parts, then offers to submit again', async () => {
  server.respond(
    CREATE,
    ok({ namespace: { name: 'team-a' }, resourceQuotas: [], limitRanges: [] }),
  );
  const user = userEvent.setup();
  renderPage();

  await chooseMemberA(user);
  await user.type(screen.getByLabelText('Name'), 'team-a');
  await user.type(screen.getByLabelText('CPU total'), '2');
  await user.type(screen.getByLabelText('Memory total'), '4Gi');
  await user.type(screen.getByLabelText('Pod: Maximum CPU'), '1');
  await user.type(screen.getByLabelText('Container: Default memory limit'), '256Mi');
  await user.type(screen.getByLabelText('Container: Default CPU request'), '100m');
  await user.click(submit());

  expect(await screen.findByText('Namespace team-a created')).toBeDefined();
  // The provider by its product name, not the API's identifier.
  expect(screen.getByText('Kubeconfig / local / member-a')).toBeDefined();
  expect(posts().map((request) => request.body)).toEqual([
    {
      vendor: 'ProviderKubeconfig',
      region: 'local',
      cluster: 'member-a',
      name: 'team-a',
      resourceQuota: { cpu: '2', memory: '4Gi' },
      limitRange: {
        pod: { max: { cpu: '1' } },
        container: { default: { memory: '256Mi' }, defaultRequest: { cpu: '100m' } },
      },
    },
  ]);
  expect(screen.getByRole('link', { name: 'View namespace' }).getAttribute('href')).toBe(
    '/detail/Namespace/team-a?vendor=ProviderKubeconfig&region=local&cluster=member-a',
  );

  await user.click(screen.getByRole('button', { name: 'Submit again' }));
  expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('');
  // The fresh form has nothing unsaved: leaving does not ask.
  await user.click(screen.getByRole('link', { name: 'Cancel' }));
  expect(await screen.findByText('namespace list')).toBeDefined();
});

it('goes back home from the success page', async () => {
  server.respond(
    CREATE,
    ok({ namespace: { name: 'team-a' }, resourceQuotas: [], limitRanges: [] }),
  );
  const user = userEvent.setup();
  renderPage();

  await chooseMemberA(user);
  await user.type(screen.getByLabelText('Name'), 'team-a');
  await user.click(submit());
  await user.click(await screen.findByRole('button', { name: 'Back to home' }));
  expect(await screen.findByText('home page')).toBeDefined();
  expect(posts().map((request) => request.body)).toEqual([
    { vendor: 'ProviderKubeconfig', region: 'local', cluster: 'member-a', name: 'team-a' },
  ]);
});

it('shows a taken name beside the name field', async () => {
  server.respond(CREATE, failed(1005, "'team-a' already existed, please change"));
  const user = userEvent.setup();
  const { feedback } = renderPage();

  await chooseMemberA(user);
  await user.type(screen.getByLabelText('Name'), 'team-a');
  await user.click(submit());

  expect(await screen.findByText('team-a already existed, please change')).toBeDefined();
  expect(feedback.requestFailed).not.toHaveBeenCalled();
  await waitFor(() =>
    expect(screen.getByTestId('namespace-create-submit').className).not.toContain(
      'ant-btn-loading',
    ),
  );
  expect(screen.queryByText('Namespace team-a created')).toBeNull();
});

it('asks before leaving with unsaved data', async () => {
  const user = userEvent.setup();
  renderPage();

  await user.type(await screen.findByLabelText('Name'), 'team-a');
  await user.click(screen.getByRole('link', { name: 'Cancel' }));
  expect(
    await screen.findByText('You have unsaved data on this page, are you sure to exit now ?'),
  ).toBeDefined();
  await user.click(screen.getByRole('button', { name: 'Stay' }));
  expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('team-a');
  expect(screen.queryByText('namespace list')).toBeNull();

  await user.click(screen.getByRole('link', { name: 'Cancel' }));
  await user.click(await screen.findByRole('button', { name: 'Leave' }));
  expect(await screen.findByText('namespace list')).toBeDefined();
});

it('leaves without asking when nothing was entered', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('link', { name: 'Cancel' }));
  expect(await screen.findByText('namespace list')).toBeDefined();
});

it('is the form the generic create page opens at /add/Namespace, from the route table', async () => {
  const route = findPageRoute(routeTable, '/add/Namespace');
  const Page = (await route?.page())?.default;
  if (!Page) throw new Error('no page at /add/Namespace');
  renderAdminRoutes([{ path: '/add/Namespace', element: <Page /> }], '/add/Namespace', server);
  expect(await screen.findByTestId('namespace-create-page')).toBeDefined();
  expect(screen.getByTestId('resource-create')).toBeDefined();
});
