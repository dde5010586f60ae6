import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { failed, ok } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { settle } from '../../../tests/settle';
import { findPageRoute } from '../../routes/generateRoutes';
import { routeTable } from '../../routes/routeTable';
import ConfigMapCreatePage from './ConfigMapCreatePage';
import {
  answerPlacement,
  K8S,
  MEMBER_A,
  placeInShop,
  posts,
  renderForm,
  submitButton,
} from '../../../tests/resourceFormTestBed';
import SecretCreatePage from './SecretCreatePage';

const CONFIGMAPS = `POST ${K8S}/namespaces/shop/configmaps`;
const SECRETS = `POST ${K8S}/namespaces/shop/secrets`;
const REGISTRY = `POST ${K8S}/namespaces/shop/registry/secrets`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  answerPlacement(server);
});
afterEach(() => server.close());

const fileName = (index: number) => screen.getAllByLabelText('File name')[index] as HTMLElement;
const content = (index: number) => screen.getAllByLabelText('Content')[index] as HTMLElement;

it('requires location, namespace and name, and refuses repeated or bad file names', async () => {
  const user = userEvent.setup();
  renderForm('/add/ConfigMap', <ConfigMapCreatePage />, server);

  await user.click(await screen.findByRole('button', { name: 'Create' }));
  expect(await screen.findByText('Please choose a location')).toBeDefined();
  expect(screen.getByText('Please choose a namespace')).toBeDefined();
  expect(screen.getByText('Please enter a name')).toBeDefined();

  await user.type(fileName(0), 'app.yaml');
  await user.click(screen.getByRole('button', { name: /Add item/ }));
  await user.type(fileName(1), 'app.yaml');
  expect(await screen.findByText('File names must not repeat')).toBeDefined();
  await user.clear(fileName(1));
  await user.type(fileName(1), 'bad/name');
  expect(await screen.findByText("Only letters, digits, '-', '_' and '.'")).toBeDefined();
  await waitFor(() => expect(screen.queryByText('File names must not repeat')).toBeNull());

  await user.type(screen.getByLabelText('Mount path'), 'relative');
  expect(await screen.findByText("An absolute path without '..' or ':'")).toBeDefined();
  await user.type(screen.getByLabelText('Mode (file permission)'), '999');
  expect(await screen.findByText('An octal file mode such as 0644')).toBeDefined();

  await user.click(submitButton());
  await settle();
  expect(posts(server)).toHaveLength(0);
});

it('creates a config map with its files and mount settings, then shows the success page', async () => {
  server.respond(CONFIGMAPS, ok({ kind: 'ConfigMap', metadata: { name: 'app-config' } }));
  const user = userEvent.setup();
  renderForm('/add/ConfigMap', <ConfigMapCreatePage />, server);

  await placeInShop(user, server);
  await user.type(screen.getByLabelText('Name'), 'app-config');
  await user.type(fileName(0), 'app.yaml');
  await user.type(content(0), 'port: 8080');
  await user.click(screen.getByRole('button', { name: /Add item/ }));
  await user.type(fileName(1), 'LOG_LEVEL');
  await user.type(content(1), 'debug');
  await user.type(screen.getByLabelText('Mount path'), '/etc/app');
  await user.click(screen.getByLabelText('Overlay'));
  await user.type(screen.getByLabelText('Mode (file permission)'), '0644');
  await user.type(screen.getByLabelText('Mounted containers'), 'web{Enter}');
  await user.click(submitButton());

  expect(await screen.findByText('Config map app-config created')).toBeDefined();
  expect(posts(server).map((request) => request.body)).toEqual([
    {
      ...MEMBER_A,
      metadata: {
        name: 'app-config',
        annotations: {
          'nimbus.io/mount-path': '/etc/app',
          'nimbus.io/mount-overlay': 'true',
          'nimbus.io/mount-mode': '0644',
          'nimbus.io/mounted-containers': 'web',
        },
      },
      data: { 'app.yaml': 'port: 8080', LOG_LEVEL: 'debug' },
    },
  ]);
  expect(screen.getByRole('link', { name: 'View Config map' }).getAttribute('href')).toBe(
    '/detail/ConfigMap/app-config?vendor=ProviderKubeconfig&region=local&cluster=member-a&namespace=shop',
  );
  await user.click(screen.getByRole('button', { name: 'Submit again' }));
  expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('');
});

it('shows a taken name beside the name field', async () => {
  server.respond(CONFIGMAPS, failed(1005, 'app-config already existed, please change'));
  const user = userEvent.setup();
  const { feedback } = renderForm('/add/ConfigMap', <ConfigMapCreatePage />, server);

  await placeInShop(user, server);
  await user.type(screen.getByLabelText('Name'), 'app-config');
  await user.type(fileName(0), 'a.txt');
  await user.click(submitButton());
  expect(await screen.findByText('app-config already existed, please change')).toBeDefined();
  expect(feedback.requestFailed).not.toHaveBeenCalled();
});

it('sends a generic secret as string data and a TLS secret as its certificate and key', async () => {
  server.respond(SECRETS, ok({ metadata: { name: 'x' }, type: 'Opaque', keys: [] }));
  const user = userEvent.setup();
  renderForm('/add/Secret', <SecretCreatePage />, server);

  await placeInShop(user, server);
  await user.type(screen.getByLabelText('Name'), 'db');
  await user.type(fileName(0), 'password');
  await user.type(content(0), 'hunter2');
  await user.click(submitButton());
  expect(await screen.findByText('Secret db created')).toBeDefined();

  await user.click(screen.getByRole('button', { name: 'Submit again' }));
  await placeInShop(user, server);
  await user.type(await screen.findByLabelText('Name'), 'web-tls');
  await user.click(screen.getByText('TLS'));
  expect(screen.queryByLabelText('File name')).toBeNull();
  await user.click(submitButton());
  // Each field's rule answers on its own: wait for all of their messages, not the first.
  await vi.waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
  await user.type(screen.getByLabelText('Certificate (tls.crt)'), 'CERT');
  await user.type(screen.getByLabelText('Private key (tls.key)'), 'KEY');
  await user.click(submitButton());
  await waitFor(() => expect(posts(server)).toHaveLength(2));

  expect(posts(server).map((request) => request.body)).toEqual([
    { ...MEMBER_A, metadata: { name: 'db' }, type: 'Opaque', stringData: { password: 'hunter2' } },
    {
      ...MEMBER_A,
      metadata: { name: 'web-tls' },
      type: 'kubernetes.io/tls',
      stringData: { 'tls.crt': 'CERT', 'tls.key': 'KEY' },
    },
  ]);
});

it('sends an image-registry secret to the registry call', async () => {
  server.respond(REGISTRY, ok({ metadata: { name: 'pull' }, type: 'x', keys: [] }));
  const user = userEvent.setup();
  renderForm('/add/Secret', <SecretCreatePage />, server);

  await placeInShop(user, server);
  await user.type(screen.getByLabelText('Name'), 'pull');
  await user.click(screen.getByText('Image registry'));
  await user.type(screen.getByLabelText('Registry server'), 'not a host');
  expect(
    await screen.findByText('A registry host such as registry.example.com or host:5000'),
  ).toBeDefined();
  await user.clear(screen.getByLabelText('Registry server'));
  await user.type(screen.getByLabelText('Registry server'), 'registry.example.com:5000');
  await user.type(screen.getByLabelText('User name'), 'ci');
  await user.type(screen.getByLabelText('Password'), 's3cret');
  await user.click(submitButton());

  expect(await screen.findByText('Secret pull created')).toBeDefined();
  expect(posts(server).map((request) => [request.path, request.body])).toEqual([
    [
      `${K8S}/namespaces/shop/registry/secrets`,
      {
        ...MEMBER_A,
        name: 'pull',
        server: 'registry.example.com:5000',
        username: 'ci',
        password: 's3cret',
      },
    ],
  ]);
});

it('asks before leaving with unsaved data', async () => {
  const user = userEvent.setup();
  renderForm('/add/Secret', <SecretCreatePage />, server);
  await user.type(await screen.findByLabelText('Name'), 'db');
  await user.click(screen.getByRole('link', { name: 'Cancel' }));
  expect(
    await screen.findByText('You have unsaved data on this page, are you sure to exit now ?'),
  ).toBeDefined();
});

it.each(['ConfigMap', 'Secret'])('is the form the route table opens at /add/%s', async (form) => {
  const route = findPageRoute(routeTable, `/add/${form}`);
  const Page = (await route?.page())?.default;
  if (!Page) throw new Error(`no page at /add/${form}`);
  renderForm(`/add/${form}`, <Page />, server);
  expect(await screen.findByTestId(`create-${form}-form`)).toBeDefined();
});
