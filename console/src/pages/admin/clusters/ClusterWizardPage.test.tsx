import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  API,
  failed,
  ok,
  ORG_ID,
  renderAdminRoutes,
  requestLines,
  USER_ID,
} from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import { appActions } from '../../../appState/appSlice';
import { providerView, supportedProviders } from '../../../../tests/clusterViews';
import ClusterWizardPage from './ClusterWizardPage';

const MANAGE = `${API}/manage.nimbus.io`;
const MONITORS = `${MANAGE}/monitors`;
const clusters = (kind: string) => `${MANAGE}/providers/${kind}/clusters`;
const monitorsOf = (cluster: string) => `${MONITORS}/providers/${cluster}`;
const monitorCalls = () =>
  server.requests
    .filter((request) => request.path.startsWith(MONITORS) && request.method !== 'GET')
    .map((request) => ({ method: request.method, path: request.path, body: request.body }));

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${MANAGE}/supportproviders`, ok(supportedProviders(['ProviderHuawei'])));
});
afterEach(() => server.close());

const prometheusService = {
  namespace: 'monitoring',
  name: 'prometheus',
  port: 9090,
  scheme: 'http',
};
const discoveryOf = (kind: string, cluster: string) =>
  `POST ${clusters(kind)}/${cluster}/monitor-services`;

/** A cluster without endpoints whose monitors API accepts every write; nothing to discover. */
function acceptMonitors(cluster: string, kind = 'ProviderKubeconfig') {
  server.respond(monitorsOf(cluster), ok({ items: [] }));
  server.respond(discoveryOf(kind, cluster), ok({ items: [] }));
  server.respond(`POST ${MONITORS}`, (request) =>
    ok({ id: `${cluster}.prometheus`, ...(request.body as object) }),
  );
}

/** A kubeconfig cluster `name` that tests fine and is created when submitted. */
function acceptKubeconfigCluster(name: string) {
  server.respond(
    `POST ${clusters('ProviderKubeconfig')}/${name}/test`,
    ok({ kubernetesVersion: 'v1.33.1' }),
  );
  server.respond(
    `POST ${clusters('ProviderKubeconfig')}`,
    ok({ name, uuid: `uid-${name}`, kind: 'ProviderKubeconfig', region: 'local', ready: false }),
  );
}

/** Fills in a kubeconfig cluster, tests it and goes on to the monitoring step. */
async function toMonitoringStep(user: UserEvent, name: string) {
  await chooseProvider(user, 'ProviderKubeconfig');
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Region'), 'local');
  await user.type(screen.getByLabelText('Kubeconfig'), 'apiVersion: v1');
  await user.click(screen.getByTestId('cluster-test-button'));
  await waitFor(() => expect(nextButton()).toHaveProperty('disabled', false));
  await user.click(nextButton());
}

const renderWizard = () =>
  renderAdminRoutes(
    [{ path: '/admin/cluster/add', element: <ClusterWizardPage /> }],
    '/admin/cluster/add',
    server,
  );

const nextButton = () => screen.getByRole('button', { name: 'Next' });

async function chooseProvider(user: UserEvent, kind: string) {
  const card = await screen.findByTestId(`cluster-provider-${kind}`);
  await waitFor(() => expect(card.getAttribute('aria-disabled')).toBe('false'));
  await user.click(card);
  await screen.findByLabelText('Region');
}

async function testAndSubmit(user: UserEvent) {
  await user.click(screen.getByTestId('cluster-test-button'));
  await waitFor(() => expect(nextButton()).toHaveProperty('disabled', false));
  await user.click(nextButton());
  await screen.findByText(/Services found in the cluster/);
  await user.type(screen.getByLabelText('Prometheus Service'), 'obs/prom:9090');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

it('does not move past the configuration until a connection test passes', async () => {
  let attempts = 0;
  server.respond(`POST ${clusters('ProviderKubeconfig')}/member-b/test`, () => {
    attempts += 1;
    return attempts === 1
      ? failed(2001, 'cluster is unreachable: connect ECONNREFUSED')
      : ok({ kubernetesVersion: 'v1.33.1' });
  });
  const user = userEvent.setup();
  renderWizard();

  expect(await screen.findByTestId('cluster-wizard')).toBeDefined();
  // An unavailable kind cannot be chosen.
  const huawei = await screen.findByTestId('cluster-provider-ProviderHuawei');
  expect(huawei.getAttribute('aria-disabled')).toBe('true');
  await user.click(huawei);
  expect(screen.queryByLabelText('Region')).toBeNull();

  await chooseProvider(user, 'ProviderKubeconfig');
  await user.type(screen.getByLabelText('Name'), 'member-b');
  await user.type(screen.getByLabelText('Region'), 'local');
  await user.type(screen.getByLabelText('Kubeconfig'), 'apiVersion: v1');
  expect(nextButton()).toHaveProperty('disabled', true);

  await user.click(screen.getByTestId('cluster-test-button'));
  const result = screen.getByTestId('cluster-test-result');
  expect(await within(result).findByText('Connection failed')).toBeDefined();
  expect(within(result).getByText('cluster is unreachable: connect ECONNREFUSED')).toBeDefined();
  expect(nextButton()).toHaveProperty('disabled', true);

  await user.click(screen.getByTestId('cluster-test-button'));
  expect(await within(result).findByText('Connected: Kubernetes v1.33.1')).toBeDefined();
  expect(nextButton()).toHaveProperty('disabled', false);

  // Changing a value after the test makes it stale again.
  await user.type(screen.getByLabelText('Region'), '-2');
  expect(nextButton()).toHaveProperty('disabled', true);
  expect(within(result).queryByText('Connected: Kubernetes v1.33.1')).toBeNull();
  expect(requestLines(server).filter((line) => line.startsWith('POST'))).toHaveLength(2);
});

it('creates a kubeconfig cluster with the kubeconfig text and the Service found in it', async () => {
  acceptMonitors('member-b');
  server.respond(
    discoveryOf('ProviderKubeconfig', 'member-b'),
    ok({ items: [{ type: 'Prometheus', ...prometheusService }] }),
  );
  acceptKubeconfigCluster('member-b');
  const user = userEvent.setup();
  renderWizard();

  await toMonitoringStep(user, 'member-b');
  // The Service found in the cluster is offered and prefilled; no direct URL for an org admin.
  await waitFor(() =>
    expect(screen.getByLabelText('Prometheus Service')).toHaveProperty(
      'value',
      'monitoring/prometheus:9090',
    ),
  );
  expect(screen.queryByLabelText('Prometheus direct URL (system administrators)')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByText('Cluster member-b added')).toBeDefined();
  expect(screen.getByText('monitoring/prometheus:9090 (http)')).toBeDefined();
  expect(screen.getByRole('link', { name: 'Back to cluster list' })).toBeDefined();
  const test = server.requests.find((request) => request.path.endsWith('/test'));
  const unsaved = {
    name: 'member-b',
    organizationId: ORG_ID,
    region: 'local',
    credentials: { kubeconfig: 'apiVersion: v1' },
  };
  expect(test?.body).toEqual(unsaved);
  // The cluster is not saved yet: discovery reads it with the configuration just tested.
  const discovery = server.requests.find((request) => request.path.endsWith('/monitor-services'));
  expect(discovery?.body).toEqual(unsaved);
  const create = server.requests.find(
    (request) => request.method === 'POST' && request.path === clusters('ProviderKubeconfig'),
  );
  expect(create?.body).toEqual({
    name: 'member-b',
    organizationId: ORG_ID,
    region: 'local',
    credentials: { kubeconfig: 'apiVersion: v1' },
  });
  // The endpoint is stored through the monitors API once the cluster exists.
  expect(monitorCalls()).toEqual([
    {
      method: 'POST',
      path: MONITORS,
      body: {
        organizationId: ORG_ID,
        providerId: 'member-b',
        type: 'Prometheus',
        service: prometheusService,
        enabled: true,
      },
    },
  ]);
  const order = requestLines(server).filter((line) => line.startsWith('POST'));
  expect(order.indexOf(`POST ${clusters('ProviderKubeconfig')}`)).toBeLessThan(
    order.indexOf(`POST ${MONITORS}`),
  );
});

it('creates an AWS cluster with its EKS name and access key', async () => {
  acceptMonitors('prod', 'ProviderAWS');
  server.respond(
    `POST ${clusters('ProviderAWS')}/prod/test`,
    ok({ kubernetesVersion: 'v1.32.0-eks' }),
  );
  server.respond(
    `POST ${clusters('ProviderAWS')}`,
    ok({ name: 'prod', uuid: 'c-2', kind: 'ProviderAWS', region: 'us-east-1', ready: false }),
  );
  const user = userEvent.setup();
  renderWizard();

  await chooseProvider(user, 'ProviderAWS');
  await user.type(screen.getByLabelText('Name'), 'prod');
  await user.type(screen.getByLabelText('Region'), 'us-east-1');
  await user.type(screen.getByLabelText('Vendor cluster ID or name'), 'eks-prod');
  await user.type(screen.getByLabelText('Access key ID'), ' AKIAABCDEFGHIJKLMNOP ');
  await user.type(screen.getByLabelText('Secret access key'), 's3cret');
  await testAndSubmit(user);

  expect(await screen.findByText('Cluster prod added')).toBeDefined();
  const create = server.requests.find(
    (request) => request.method === 'POST' && request.path === clusters('ProviderAWS'),
  );
  expect(create?.body).toEqual({
    name: 'prod',
    organizationId: ORG_ID,
    region: 'us-east-1',
    vendorClusterId: 'eks-prod',
    credentials: { accessKeyId: 'AKIAABCDEFGHIJKLMNOP', secretAccessKey: 's3cret' },
  });
});

it('refuses a name outside the resource-name rule before testing', async () => {
  const user = userEvent.setup();
  renderWizard();

  await chooseProvider(user, 'ProviderKubeconfig');
  await user.type(screen.getByLabelText('Name'), 'Member_B');
  await user.type(screen.getByLabelText('Region'), 'local');
  await user.type(screen.getByLabelText('Kubeconfig'), 'apiVersion: v1');
  await user.click(screen.getByTestId('cluster-test-button'));

  expect(
    await screen.findByText(
      'Only lowercase letters, digits and dashes are allowed, starting and ending with a letter or digit',
    ),
  ).toBeDefined();
  expect(requestLines(server).some((line) => line.endsWith('/test'))).toBe(false);
});

it('keeps the step on a refused monitor and retries without registering the cluster again', async () => {
  acceptKubeconfigCluster('member-c');
  server.respond(monitorsOf('member-c'), ok({ items: [] }));
  server.respond(discoveryOf('ProviderKubeconfig', 'member-c'), ok({ items: [] }));
  const refusal = 'cluster member-c has no Service monitoring/nope';
  server.respond(`POST ${MONITORS}`, (request) => {
    const { service } = request.body as { service: { name: string } };
    return service.name === 'nope'
      ? failed(1000, refusal)
      : ok({ id: 'member-c.prometheus', ...(request.body as object) });
  });
  const user = userEvent.setup();
  const { feedback } = renderWizard();

  await toMonitoringStep(user, 'member-c');
  await screen.findByText(/Services found in the cluster/);
  const prometheus = screen.getByLabelText('Prometheus Service');
  await user.type(prometheus, 'monitoring/nope:9090');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  await waitFor(() => expect(feedback.requestFailed).toHaveBeenCalledTimes(1));
  expect(JSON.stringify(feedback.requestFailed.mock.calls[0])).toContain('monitoring/nope');
  expect(screen.queryByText('Cluster member-c added')).toBeNull();
  await user.clear(prometheus);
  await user.type(prometheus, 'monitoring/prometheus:9090');
  await waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeNull());
  await user.click(screen.getByText('Submit'));

  expect(await screen.findByText('Cluster member-c added')).toBeDefined();
  const creates = requestLines(server).filter(
    (line) => line === `POST ${clusters('ProviderKubeconfig')}`,
  );
  expect(creates).toHaveLength(1);
  expect(
    monitorCalls().map((call) => (call.body as { service: { name: string } }).service.name),
  ).toEqual(['nope', 'prometheus']);
});

it('fills the step from the stored endpoints on edit and sends only the changes', async () => {
  server.respond(
    `${MANAGE}/organizations/${ORG_ID}/providers?page=1&pageSize=100&search=member-b`,
    ok({
      items: [providerView('member-b')],
      total: 1,
      page: 1,
      pageSize: 100,
    }),
  );
  server.respond(
    monitorsOf('member-b'),
    ok({
      items: [
        {
          id: 'member-b.prometheus',
          providerId: 'member-b',
          type: 'Prometheus',
          service: prometheusService,
          enabled: true,
        },
        {
          id: 'member-b.alertmanager',
          providerId: 'member-b',
          type: 'Alertmanager',
          address: 'https://alerts.example.com',
          enabled: true,
        },
      ],
    }),
  );
  server.respond(
    `POST ${clusters('ProviderKubeconfig')}/member-b/test`,
    ok({ kubernetesVersion: 'v1.33.1' }),
  );
  server.respond(
    `PUT ${clusters('ProviderKubeconfig')}/member-b`,
    ok({ name: 'member-b', uuid: 'c-1', kind: 'ProviderKubeconfig', region: 'local', ready: true }),
  );
  server.respond(`PUT ${MONITORS}`, (request) => ok(request.body));
  server.respond(discoveryOf('ProviderKubeconfig', 'member-b'), ok({ items: [] }));
  server.respond(`DELETE ${MONITORS}/member-b.alertmanager`, ok({ id: 'member-b.alertmanager' }));
  const user = userEvent.setup();
  renderAdminRoutes(
    [{ path: '/admin/cluster/add', element: <ClusterWizardPage /> }],
    '/admin/cluster/add?edit=member-b',
    server,
  );

  await screen.findByLabelText('Region');
  await user.click(screen.getByTestId('cluster-test-button'));
  await waitFor(() => expect(nextButton()).toHaveProperty('disabled', false));
  await user.click(nextButton());
  const prometheus = await screen.findByLabelText('Prometheus Service');
  expect(prometheus).toHaveProperty('value', 'monitoring/prometheus:9090');
  // A system administrator's direct URL: an organization admin may keep or clear it only.
  const alertmanagerUrl = screen.getByLabelText('Alertmanager direct URL (system administrators)');
  expect(alertmanagerUrl).toHaveProperty('value', 'https://alerts.example.com');
  await user.type(alertmanagerUrl, '/other');
  expect(
    await screen.findAllByText(
      'Only a system administrator can set a direct URL: keep or clear this one, or name a Service above to replace it.',
    ),
  ).not.toHaveLength(0);
  await user.click(screen.getByRole('switch', { name: 'Prometheus Service enabled' }));
  await user.clear(alertmanagerUrl);
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByText('Cluster member-b updated')).toBeDefined();
  expect(screen.getByText('Disabled')).toBeDefined();
  expect(monitorCalls()).toEqual([
    {
      method: 'PUT',
      path: MONITORS,
      body: {
        organizationId: ORG_ID,
        providerId: 'member-b',
        type: 'Prometheus',
        service: prometheusService,
        enabled: false,
      },
    },
    { method: 'DELETE', path: `${MONITORS}/member-b.alertmanager`, body: undefined },
  ]);
});

it('offers a system administrator a direct URL instead of a Service', async () => {
  acceptMonitors('member-d');
  acceptKubeconfigCluster('member-d');
  const user = userEvent.setup();
  const { store } = renderWizard();
  store.dispatch(
    appActions.routesGenerated({
      role: 'system-admin',
      user: { userName: 'admin', userId: USER_ID },
    }),
  );

  await toMonitoringStep(user, 'member-d');
  await screen.findByText(/Services found in the cluster/);
  await user.type(
    screen.getByLabelText('Prometheus direct URL (system administrators)'),
    'https://10.0.0.9:9090',
  );
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByText('Cluster member-d added')).toBeDefined();
  expect(monitorCalls().map((call) => call.body)).toEqual([
    {
      organizationId: ORG_ID,
      providerId: 'member-d',
      type: 'Prometheus',
      address: 'https://10.0.0.9:9090',
      enabled: true,
    },
  ]);
});

it('says why the providers could not be loaded, and loads them again on request', async () => {
  let calls = 0;
  server.respond(`${MANAGE}/supportproviders`, () => {
    calls += 1;
    return calls === 1 ? failed(1000, 'the operator is restarting') : ok(supportedProviders());
  });
  const user = userEvent.setup();
  renderWizard();

  const failure = await screen.findByTestId('cluster-providers-failed');
  expect(failure.textContent).toContain('The list of providers could not be loaded');
  // Not every card shown as unavailable: there are none until the list comes.
  expect(screen.queryByTestId('cluster-provider-ProviderKubeconfig')).toBeNull();
  await user.click(within(failure).getByRole('button', { name: 'Try again' }));
  await chooseProvider(user, 'ProviderKubeconfig');
  expect(calls).toBe(2);
});
