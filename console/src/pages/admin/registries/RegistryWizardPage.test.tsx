import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, failed, ok, ORG_ID, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import RegistryWizardPage from './RegistryWizardPage';

const MANAGE = `${API}/manage.nimbus.io`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(
    `${MANAGE}/supportregistries`,
    ok({
      items: [
        { kind: 'DockerHub', hostExample: 'docker.io', credentialFields: [] },
        {
          kind: 'Distribution',
          hostExample: 'registry.example.com:5000',
          credentialFields: ['username', 'password', 'caCertificate'],
        },
        {
          kind: 'SWR',
          hostExample: 'swr.cn-north-4.myhuaweicloud.com',
          credentialFields: ['accessKeyId', 'secretAccessKey'],
        },
      ],
    }),
  );
});
afterEach(() => server.close());

it('adds a registry only after a passing connection test, and sends what was tested', async () => {
  let password = '';
  server.respond(`POST ${MANAGE}/registries/test`, (request) => {
    password =
      (request.body as { credentials?: { password?: string } }).credentials?.password ?? '';
    return password === 'right'
      ? ok({ repositoryCount: 2 })
      : failed(2004, 'the image registry refused the credentials');
  });
  server.respond(`POST ${MANAGE}/registries`, (request) =>
    ok({
      uuid: 'r-1',
      name: (request.body as { name: string }).name,
      host: 'registry.shop.io',
      kind: 'Distribution',
      organizationId: ORG_ID,
      organization: 'shop',
      credentialsSet: true,
      ready: true,
      createdAt: '2026-01-01T00:00:00Z',
    }),
  );
  const user = userEvent.setup();
  renderAdminRoutes(
    [{ path: '/admin/registry/add', element: <RegistryWizardPage /> }],
    '/admin/registry/add',
    server,
  );

  // Docker Hub is the built-in public catalogue, not something to add.
  await screen.findByTestId('registry-kind-Distribution');
  expect(screen.queryByTestId('registry-kind-DockerHub')).toBeNull();
  await user.click(screen.getByTestId('registry-kind-Distribution'));
  await user.type(screen.getByTestId('registry-name'), 'private');
  await user.type(screen.getByTestId('registry-host'), 'registry.shop.io');
  await user.type(screen.getByTestId('registry-username'), 'ci');
  await user.type(screen.getByTestId('registry-password'), 'wrong');
  const submit = screen.getByTestId('registry-submit');
  await user.click(screen.getByTestId('registry-test'));
  expect(await screen.findByText('the image registry refused the credentials')).toBeDefined();
  expect(submit).toHaveProperty('disabled', true);

  await user.clear(screen.getByTestId('registry-password'));
  await user.type(screen.getByTestId('registry-password'), 'right');
  await user.click(screen.getByTestId('registry-test'));
  expect(await screen.findByText('Connected: 2 repositories')).toBeDefined();
  await user.click(submit);
  const complete = await screen.findByTestId('registry-complete');
  expect(within(complete).getByText('Registry private added')).toBeDefined();
  const created = server.requests.find(
    (r) => r.method === 'POST' && r.path === `${MANAGE}/registries`,
  );
  expect(created?.body).toEqual({
    name: 'private',
    host: 'registry.shop.io',
    kind: 'Distribution',
    organizationId: ORG_ID,
    credentials: { username: 'ci', password: 'right' },
  });
});

const stored = {
  uuid: 'r-1',
  name: 'private',
  host: 'registry.shop.io',
  kind: 'Distribution',
  organizationId: ORG_ID,
  organization: 'shop',
  description: 'team images',
  credentialsSet: true,
  ready: true,
  createdAt: '2026-01-01T00:00:00Z',
};
const storedList = `${MANAGE}/organizations/${ORG_ID}/registries?page=1&pageSize=100&search=private`;

it('edits a registry: kind and name fixed, credentials kept unless entered', async () => {
  server.respond(storedList, ok({ items: [stored], total: 1 }));
  server.respond(`POST ${MANAGE}/registries/test`, ok({ repositoryCount: 3 }));
  server.respond(`PUT ${MANAGE}/registries`, (request) =>
    ok({ ...stored, host: (request.body as { host: string }).host }),
  );
  const user = userEvent.setup();
  renderAdminRoutes(
    [{ path: '/admin/registry/add', element: <RegistryWizardPage /> }],
    '/admin/registry/add?edit=private',
    server,
  );

  const name = await screen.findByTestId('registry-name');
  expect(name).toHaveProperty('value', 'private');
  expect(name).toHaveProperty('disabled', true);
  expect(screen.getByTestId('registry-host')).toHaveProperty('value', 'registry.shop.io');
  // Write-only: nothing of the stored credentials is in the form.
  expect(screen.getByTestId('registry-username')).toHaveProperty('value', '');
  expect(screen.getByTestId('registry-password')).toHaveProperty('value', '');
  expect(screen.getByTestId('registry-credentials-kept')).toBeDefined();

  await user.clear(screen.getByTestId('registry-description'));
  await user.type(screen.getByTestId('registry-description'), 'all images');
  await user.click(screen.getByTestId('registry-test'));
  expect(await screen.findByText('Connected: 3 repositories')).toBeDefined();
  await user.click(screen.getByTestId('registry-submit'));
  const complete = await screen.findByTestId('registry-complete');
  expect(within(complete).getByText('Registry private changed')).toBeDefined();

  const tested = server.requests.find((r) => r.path === `${MANAGE}/registries/test`);
  const updated = server.requests.find((r) => r.method === 'PUT');
  // No credentials sent: the API tests with, and keeps, the stored ones.
  for (const request of [tested, updated]) {
    expect(request?.body).toEqual({
      name: 'private',
      host: 'registry.shop.io',
      description: 'all images',
      kind: 'Distribution',
      organizationId: ORG_ID,
    });
  }
});

it('asks for the credentials again, and says why, when the host changes', async () => {
  server.respond(storedList, ok({ items: [stored], total: 1 }));
  server.respond(`POST ${MANAGE}/registries/test`, ok({ repositoryCount: 3 }));
  const user = userEvent.setup();
  renderAdminRoutes(
    [{ path: '/admin/registry/add', element: <RegistryWizardPage /> }],
    '/admin/registry/add?edit=private',
    server,
  );
  await user.clear(await screen.findByTestId('registry-host'));
  await user.type(screen.getByTestId('registry-host'), 'registry2.shop.io');
  expect(await screen.findByTestId('credentials-again')).toBeDefined();
  expect(screen.queryByTestId('registry-credentials-kept')).toBeNull();
  await user.click(screen.getByTestId('registry-test'));
  expect(
    (await screen.findAllByText('Enter the credentials again: the address changed')).length,
  ).toBeGreaterThan(0);
  expect(server.requests.some((r) => r.path === `${MANAGE}/registries/test`)).toBe(false);

  await user.type(screen.getByTestId('registry-username'), 'ci');
  await user.type(screen.getByTestId('registry-password'), 'for-the-new-host');
  await user.click(screen.getByTestId('registry-test'));
  await screen.findByText('Connected: 3 repositories');
  const tested = server.requests.find((r) => r.path === `${MANAGE}/registries/test`);
  expect(tested?.body).toMatchObject({
    host: 'registry2.shop.io',
    credentials: { username: 'ci', password: 'for-the-new-host' },
  });

  // Back at the stored host, the stored login is kept again.
  await user.clear(screen.getByTestId('registry-host'));
  await user.type(screen.getByTestId('registry-host'), 'registry.shop.io');
  expect(screen.queryByTestId('credentials-again')).toBeNull();
});

it('an edit with a new password sends only what was entered', async () => {
  server.respond(storedList, ok({ items: [stored], total: 1 }));
  server.respond(`POST ${MANAGE}/registries/test`, ok({ repositoryCount: 3 }));
  server.respond(`PUT ${MANAGE}/registries`, ok(stored));
  const user = userEvent.setup();
  renderAdminRoutes(
    [{ path: '/admin/registry/add', element: <RegistryWizardPage /> }],
    '/admin/registry/add?edit=private',
    server,
  );
  await user.type(await screen.findByTestId('registry-username'), 'ci');
  await user.type(screen.getByTestId('registry-password'), 'rotated');
  await user.click(screen.getByTestId('registry-test'));
  await screen.findByText('Connected: 3 repositories');
  await user.click(screen.getByTestId('registry-submit'));
  await screen.findByTestId('registry-complete');
  const updated = server.requests.find((r) => r.method === 'PUT');
  expect((updated?.body as { credentials?: unknown }).credentials).toEqual({
    username: 'ci',
    password: 'rotated',
  });
});
