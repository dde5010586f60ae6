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
} from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import { PROVIDER_KINDS } from '../../../api/clusterApi';
import ClusterWizardPage from './ClusterWizardPage';

const MANAGE = `${API}/manage.nimbus.io`;
const clusters = (kind: string) => `${MANAGE}/providers/${kind}/clusters`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(
    `${MANAGE}/supportproviders`,
    ok({
      items: PROVIDER_KINDS.map((kind) => ({
        kind,
        displayName: kind,
        vendor: kind,
        available: kind !== 'ProviderHuawei',
        credentialFields: [],
      })),
    }),
  );
});
afterEach(() => server.close());

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
  await user.type(screen.getByLabelText('Prometheus URL'), 'http://prom.example:9090');
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

it('creates a kubeconfig cluster with the kubeconfig text as its credentials', async () => {
  server.respond(
    `POST ${clusters('ProviderKubeconfig')}/member-b/test`,
    ok({ kubernetesVersion: 'v1.33.1' }),
  );
  server.respond(
    `POST ${clusters('ProviderKubeconfig')}`,
    ok({
      name: 'member-b',
      uuid: 'c-1',
      kind: 'ProviderKubeconfig',
      region: 'local',
      ready: false,
    }),
  );
  const user = userEvent.setup();
  renderWizard();

  await chooseProvider(user, 'ProviderKubeconfig');
  await user.type(screen.getByLabelText('Name'), 'member-b');
  await user.type(screen.getByLabelText('Region'), 'local');
  await user.type(screen.getByLabelText('Kubeconfig'), 'apiVersion: v1');
  await testAndSubmit(user);

  expect(await screen.findByText('Cluster member-b added')).toBeDefined();
  expect(screen.getByText('http://prom.example:9090')).toBeDefined();
  expect(screen.getByRole('link', { name: 'Back to cluster list' })).toBeDefined();
  const test = server.requests.find((request) => request.path.endsWith('/test'));
  expect(test?.body).toEqual({
    name: 'member-b',
    organizationId: ORG_ID,
    region: 'local',
    credentials: { kubeconfig: 'apiVersion: v1' },
  });
  const create = server.requests.find(
    (request) => request.method === 'POST' && request.path === clusters('ProviderKubeconfig'),
  );
  expect(create?.body).toEqual({
    name: 'member-b',
    organizationId: ORG_ID,
    region: 'local',
    credentials: { kubeconfig: 'apiVersion: v1' },
  });
});

it('creates an AWS cluster with its EKS name and access key', async () => {
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
