import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  API,
  failed,
  ok,
  ORG_ID,
  page,
  renderAdminRoutes,
  requestLines,
} from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import ClusterWizardPage from './ClusterWizardPage';
import { providerView, supportedProviders } from '../../../../tests/clusterViews';

const MANAGE = `${API}/manage.nimbus.io`;
const REGISTRATIONS = `${MANAGE}/registrations`;
const MONITORS = `${MANAGE}/monitors`;
/** What the wizard polls while it waits for the command to be run. */
const waitingList = (name: string) =>
  `${MANAGE}/organizations/${ORG_ID}/providers?page=1&pageSize=10&search=${name}`;

const EXPIRES_AT = '2030-01-01T12:00:00Z';
const commandFor = (name: string) => ({
  name,
  command:
    'curl -fsS https://nimbus.example.com/api/v1/manage.nimbus.io/registration/script?token=one-time | sh',
  manifestUrl: 'https://nimbus.example.com/api/v1/manage.nimbus.io/registration/manifest',
  expiresAt: EXPIRES_AT,
});
const clusterRow = (name: string) => providerView(name);

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${MANAGE}/supportproviders`, ok(supportedProviders()));
});
afterEach(() => server.close());

const renderWizard = () =>
  renderAdminRoutes(
    [{ path: '/admin/cluster/add', element: <ClusterWizardPage /> }],
    '/admin/cluster/add',
    server,
  );

const registrations = () =>
  server.requests.filter((r) => r.method === 'POST' && r.path === REGISTRATIONS);
const connectChoice = () => screen.getByRole('radiogroup', { name: 'Connect with' });
const nextButton = () => screen.getByRole('button', { name: 'Next' });

/** Picks the kubeconfig kind and switches the configuration to "Register with a command". */
async function chooseCommand(user: UserEvent) {
  const card = await screen.findByTestId('cluster-provider-ProviderKubeconfig');
  await waitFor(() => expect(card.getAttribute('aria-disabled')).toBe('false'));
  await user.click(card);
  // The radio itself is hidden under its label, which takes the click.
  await user.click(await screen.findByText('Register with a command'));
  return screen.findByTestId('command-registration');
}

it('is reached and used by keyboard alone: a one-time command for the name and region', async () => {
  server.respond(`POST ${REGISTRATIONS}`, ok(commandFor('edge-1')));
  server.respond(waitingList('edge-1'), ok(page([])));
  const user = userEvent.setup();
  renderWizard();

  // The provider card, then the configuration, without a pointer.
  const card = await screen.findByTestId('cluster-provider-ProviderKubeconfig');
  await waitFor(() => expect(card.getAttribute('aria-disabled')).toBe('false'));
  card.focus();
  await user.keyboard('{Enter}');
  await user.type(await screen.findByLabelText('Name'), 'edge-1');
  await user.tab();
  expect(document.activeElement).toBe(screen.getByLabelText('Region'));
  await user.keyboard('local');

  // Uploading a kubeconfig is the default; Tab reaches the choice and an arrow key changes it.
  const kubeconfig = within(connectChoice()).getByRole('radio', { name: 'Upload a kubeconfig' });
  const command = within(connectChoice()).getByRole('radio', { name: 'Register with a command' });
  expect(kubeconfig).toHaveProperty('checked', true);
  expect(screen.getByLabelText('Kubeconfig')).toBeDefined();
  for (let stop = 0; stop < 4 && document.activeElement !== kubeconfig; stop++) await user.tab();
  expect(document.activeElement).toBe(kubeconfig);
  await user.keyboard('{ArrowRight}');
  expect(command).toHaveProperty('checked', true);
  const panel = await screen.findByTestId('command-registration');
  // Nothing long-lived is typed: no kubeconfig, no connection test.
  expect(screen.queryByLabelText('Kubeconfig')).toBeNull();
  expect(screen.queryByTestId('cluster-test-button')).toBeNull();
  expect(nextButton()).toHaveProperty('disabled', true);

  await user.tab();
  expect(document.activeElement).toBe(
    within(panel).getByLabelText('API server address as Nimbus reaches it (optional)'),
  );
  await user.tab();
  const generate = within(panel).getByRole('button', { name: 'Generate command' });
  expect(document.activeElement).toBe(generate);
  await user.keyboard('{Enter}');

  const text = await within(panel).findByTestId('command-text');
  expect(text.textContent).toContain(commandFor('edge-1').command);
  expect(within(text).getByRole('button', { name: /copy/i })).toBeDefined();
  expect(
    within(panel).getByText(
      'Run this command where kubectl points at the cluster (it needs to create RBAC). It works once.',
    ),
  ).toBeDefined();
  expect(
    within(panel).getByText(
      `The command works until ${new Date(EXPIRES_AT).toLocaleString('en')}.`,
      { exact: false },
    ),
  ).toBeDefined();
  const manifest = within(panel).getByRole('link', { name: 'What it applies' });
  expect(manifest.getAttribute('href')).toBe(commandFor('edge-1').manifestUrl);
  expect(
    within(screen.getByTestId('command-status')).getByText('Waiting for the command to be run…'),
  ).toBeDefined();
  await waitFor(() =>
    expect(within(panel).getByTestId('command-generate').textContent).toBe(
      'Generate a new command',
    ),
  );

  // The contract's endpoint, with the name, organization and region; no server when none given.
  expect(registrations().map((request) => request.body)).toEqual([
    { name: 'edge-1', organizationId: ORG_ID, region: 'local' },
  ]);
  expect(nextButton()).toHaveProperty('disabled', true);
});

it('waits for the cluster to appear, then goes on without registering it again', async () => {
  let polls = 0;
  server.respond(`POST ${REGISTRATIONS}`, ok(commandFor('edge-2')));
  server.respond(waitingList('edge-2'), () => {
    polls += 1;
    return ok(page(polls === 1 ? [] : [clusterRow('edge-2')]));
  });
  server.respond(`${MONITORS}/providers/edge-2`, ok({ items: [] }));
  server.respond(
    `POST ${MANAGE}/providers/ProviderKubeconfig/clusters/edge-2/monitor-services`,
    ok({ items: [] }),
  );
  server.respond(`POST ${MONITORS}`, (request) =>
    ok({ id: 'edge-2.prometheus', ...(request.body as object) }),
  );
  const user = userEvent.setup();
  renderWizard();

  const panel = await chooseCommand(user);
  await user.type(screen.getByLabelText('Name'), 'edge-2');
  await user.type(screen.getByLabelText('Region'), 'local');
  await user.type(
    within(panel).getByLabelText('API server address as Nimbus reaches it (optional)'),
    ' https://10.0.0.10:6443 ',
  );
  await user.click(within(panel).getByTestId('command-generate'));
  const status = await within(panel).findByTestId('command-status');
  expect(within(status).getByText('Waiting for the command to be run…')).toBeDefined();
  expect(registrations().map((request) => request.body)).toEqual([
    { name: 'edge-2', organizationId: ORG_ID, region: 'local', server: 'https://10.0.0.10:6443' },
  ]);

  // The next poll finds the cluster the command registered.
  expect(await within(status).findByText('Cluster edge-2 is registered.')).toBeDefined();
  expect(nextButton()).toHaveProperty('disabled', false);
  expect(within(panel).getByTestId('command-generate')).toHaveProperty('disabled', true);
  expect(
    within(connectChoice()).getByRole('radio', { name: 'Upload a kubeconfig' }),
  ).toHaveProperty('disabled', true);

  await user.click(nextButton());
  await screen.findByText(/Services found in the cluster/);
  await user.type(screen.getByLabelText('Prometheus Service'), 'monitoring/prometheus:9090');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByText('Cluster edge-2 added')).toBeDefined();
  // The command registered it: only its monitor is stored, no cluster is created.
  const lines = requestLines(server);
  expect(lines).not.toContain(`POST ${MANAGE}/providers/ProviderKubeconfig/clusters`);
  expect(lines).toContain(`POST ${MONITORS}`);
  // Discovery reads the stored configuration: there are no credentials to send.
  const discovery = server.requests.find((r) => r.path.endsWith('/monitor-services'));
  expect(discovery?.body).toEqual({ organizationId: ORG_ID });
});

it('asks for the name and region and a valid https server before making a command', async () => {
  const user = userEvent.setup();
  renderWizard();

  const panel = await chooseCommand(user);
  await user.click(within(panel).getByTestId('command-generate'));
  expect(await screen.findByText('Please enter a name')).toBeDefined();
  expect(screen.getByText('Please enter a region')).toBeDefined();

  await user.type(screen.getByLabelText('Name'), 'edge-3');
  await user.type(screen.getByLabelText('Region'), 'local');
  await user.type(
    within(panel).getByLabelText('API server address as Nimbus reaches it (optional)'),
    'http://10.0.0.10:6443',
  );
  await user.click(within(panel).getByTestId('command-generate'));
  expect(await within(panel).findByText('An https URL')).toBeDefined();
  expect(registrations()).toHaveLength(0);
});

it('shows why the operator refused to make a command and lets the operator retry', async () => {
  let attempts = 0;
  server.respond(`POST ${REGISTRATIONS}`, () => {
    attempts += 1;
    return attempts === 1
      ? failed(1004, 'cluster edge-4 already exists')
      : ok(commandFor('edge-4'));
  });
  server.respond(waitingList('edge-4'), ok(page([])));
  const user = userEvent.setup();
  const { feedback } = renderWizard();

  const panel = await chooseCommand(user);
  await user.type(screen.getByLabelText('Name'), 'edge-4');
  await user.type(screen.getByLabelText('Region'), 'local');
  await user.click(within(panel).getByTestId('command-generate'));

  expect(await within(panel).findByText('cluster edge-4 already exists')).toBeDefined();
  expect(within(panel).queryByTestId('command-text')).toBeNull();
  // Reported here, not twice by the general failure notice.
  expect(feedback.requestFailed).not.toHaveBeenCalled();

  await user.click(within(panel).getByTestId('command-generate'));
  expect(await within(panel).findByTestId('command-text')).toBeDefined();
  expect(within(panel).queryByText('cluster edge-4 already exists')).toBeNull();
  expect(registrations()).toHaveLength(2);
});
