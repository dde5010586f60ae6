import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, failed, ok, ORG_ID, page, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import { registryView } from '../../../../tests/registryViews';
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
          kind: 'Harbor',
          hostExample: 'harbor.example.com',
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

const renderWizard = (query = '') =>
  renderAdminRoutes(
    [{ path: '/admin/registry/add', element: <RegistryWizardPage /> }],
    `/admin/registry/add${query}`,
    server,
  );

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
    ok(registryView((request.body as { name: string }).name)),
  );
  const user = userEvent.setup();
  renderWizard();

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
    plainHttp: false,
    credentials: { username: 'ci', password: 'right' },
  });
});

const stored = registryView('private', { description: 'team images' });
const storedList = `${MANAGE}/organizations/${ORG_ID}/registries?page=1&pageSize=100&search=private`;

it('edits a registry: kind and name fixed, credentials kept unless entered', async () => {
  server.respond(storedList, ok(page([stored], 100)));
  server.respond(`POST ${MANAGE}/registries/test`, ok({ repositoryCount: 3 }));
  server.respond(`PUT ${MANAGE}/registries`, (request) =>
    ok({ ...stored, host: (request.body as { host: string }).host }),
  );
  const user = userEvent.setup();
  renderWizard('?edit=private');

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
      plainHttp: false,
      kind: 'Distribution',
      organizationId: ORG_ID,
    });
  }
});

it('asks for the credentials again, and says why, when the host changes', async () => {
  server.respond(storedList, ok(page([stored], 100)));
  server.respond(`POST ${MANAGE}/registries/test`, ok({ repositoryCount: 3 }));
  const user = userEvent.setup();
  renderWizard('?edit=private');
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
  server.respond(storedList, ok(page([stored], 100)));
  server.respond(`POST ${MANAGE}/registries/test`, ok({ repositoryCount: 3 }));
  server.respond(`PUT ${MANAGE}/registries`, ok(stored));
  const user = userEvent.setup();
  renderWizard('?edit=private');
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

const bodiesOf = (server: LoopbackServer, method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body);

it('offers plain http only for Harbor and Distribution, and sends it as switched', async () => {
  server.respond(`POST ${MANAGE}/registries/test`, ok({ repositoryCount: 1 }));
  server.respond(`POST ${MANAGE}/registries`, ok(registryView('lab', { kind: 'Harbor' })));
  const user = userEvent.setup();
  renderWizard();

  // A cloud registry always serves https: no switch, and false is what the test sends.
  await user.click(await screen.findByTestId('registry-kind-SWR'));
  expect(screen.queryByTestId('registry-plain-http')).toBeNull();
  await user.type(screen.getByTestId('registry-name'), 'cloud');
  await user.type(screen.getByTestId('registry-host'), 'swr.cn-north-4.myhuaweicloud.com');
  await user.click(screen.getByTestId('registry-test'));
  await screen.findByText('Connected: 1 repositories');
  expect(bodiesOf(server, 'POST', `${MANAGE}/registries/test`)).toEqual([
    expect.objectContaining({ kind: 'SWR', plainHttp: false }),
  ]);

  await user.click(screen.getByRole('button', { name: 'Back' }));
  await user.click(screen.getByTestId('registry-kind-Harbor'));
  const plainHttp = await screen.findByTestId('registry-plain-http');
  expect(plainHttp.getAttribute('aria-checked')).toBe('false');
  expect(
    screen.getByText(
      'Only for a registry without TLS on a private network; the login travels unencrypted.',
    ),
  ).toBeDefined();
  await user.type(screen.getByTestId('registry-name'), 'lab');
  await user.type(screen.getByTestId('registry-host'), '10.0.0.5:8080');
  await user.type(screen.getByTestId('registry-username'), 'ci');
  await user.type(screen.getByTestId('registry-password'), 'secret');
  await user.click(plainHttp);
  await user.click(screen.getByTestId('registry-test'));
  await screen.findByText('Connected: 1 repositories');
  await user.click(screen.getByTestId('registry-submit'));
  await screen.findByTestId('registry-complete');

  const sent = {
    name: 'lab',
    host: '10.0.0.5:8080',
    kind: 'Harbor',
    organizationId: ORG_ID,
    plainHttp: true,
    credentials: { username: 'ci', password: 'secret' },
  };
  expect(bodiesOf(server, 'POST', `${MANAGE}/registries/test`)[1]).toEqual(sent);
  expect(bodiesOf(server, 'POST', `${MANAGE}/registries`)).toEqual([sent]);
});

it('asks for the credentials again when plain http is switched on a registry with a login', async () => {
  server.respond(storedList, ok(page([stored], 100)));
  const user = userEvent.setup();
  renderWizard('?edit=private');

  const plainHttp = await screen.findByTestId('registry-plain-http');
  expect(screen.getByTestId('registry-credentials-kept')).toBeDefined();
  // The stored login was given for https: it is never sent in clear without being given again.
  await user.click(plainHttp);
  expect(await screen.findByTestId('credentials-again')).toBeDefined();
  expect(screen.queryByTestId('registry-credentials-kept')).toBeNull();

  await user.click(plainHttp);
  expect(screen.queryByTestId('credentials-again')).toBeNull();
  expect(screen.getByTestId('registry-credentials-kept')).toBeDefined();
});

it('edits a plain-http registry with its switch on, keeping the login given for http', async () => {
  server.respond(storedList, ok(page([{ ...stored, plainHttp: true }], 100)));
  server.respond(`POST ${MANAGE}/registries/test`, ok({ repositoryCount: 3 }));
  const user = userEvent.setup();
  renderWizard('?edit=private');

  const plainHttp = await screen.findByTestId('registry-plain-http');
  expect(plainHttp.getAttribute('aria-checked')).toBe('true');
  expect(screen.queryByTestId('credentials-again')).toBeNull();
  await user.click(screen.getByTestId('registry-test'));
  await screen.findByText('Connected: 3 repositories');
  expect(bodiesOf(server, 'POST', `${MANAGE}/registries/test`)).toEqual([
    {
      name: 'private',
      host: 'registry.shop.io',
      description: 'team images',
      plainHttp: true,
      kind: 'Distribution',
      organizationId: ORG_ID,
    },
  ]);

  // Switching it off moves the login to https: that too needs the login again.
  await user.click(plainHttp);
  expect(await screen.findByTestId('credentials-again')).toBeDefined();
});
