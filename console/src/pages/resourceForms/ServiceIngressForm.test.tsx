import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ok } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { settle } from '../../../tests/settle';
import { k8sAt } from '../namespaces/namespaceTestData';
import {
  answerPlacement,
  K8S,
  MEMBER_A,
  placeInShop,
  posts,
  renderForm,
  submitButton,
} from '../../../tests/resourceFormTestBed';
import IngressCreatePage from './IngressCreatePage';
import ServiceCreatePage from './ServiceCreatePage';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  answerPlacement(server);
});
afterEach(() => server.close());

it('creates a NodePort service with its selector and port', async () => {
  server.respond(`POST ${K8S}/namespaces/shop/services`, ok({ metadata: { name: 'web' } }));
  const user = userEvent.setup();
  renderForm('/add/Service', <ServiceCreatePage />, server);

  await placeInShop(user, server);
  await user.type(screen.getByLabelText('Name'), 'web');
  await user.click(screen.getByText(/^NodePort/));
  await user.type(screen.getByPlaceholderText('Value'), 'web');
  await user.type(screen.getByLabelText('Port name'), 'http');
  await user.type(screen.getByLabelText('Service port'), '80');
  await user.type(screen.getByLabelText('Target port'), '8080');
  await user.type(screen.getByLabelText('Node port'), '30080');
  await user.click(submitButton());

  expect(await screen.findByText('Service web created')).toBeDefined();
  expect(posts(server).map((request) => request.body)).toEqual([
    {
      ...MEMBER_A,
      name: 'web',
      type: 'NodePort',
      selector: { app: 'web' },
      ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30080 }],
    },
  ]);
});

it('needs a name for every port once there are several', async () => {
  const user = userEvent.setup();
  renderForm('/add/Service', <ServiceCreatePage />, server);
  await user.click(await screen.findByRole('button', { name: /Add port/ }));
  await user.click(submitButton());
  // Each field's rule answers on its own: wait for all of their messages, not the first.
  await vi.waitFor(() =>
    expect(screen.getAllByText('Name every port when there are several')).toHaveLength(2),
  );
  await user.type(screen.getAllByLabelText('Port name')[0] as HTMLElement, 'http');
  await waitFor(() =>
    expect(screen.getAllByText('Name every port when there are several')).toHaveLength(1),
  );
  await settle();
  expect(posts(server)).toHaveLength(0);
});

it('asks the server for an ingress too with "use ingress"', async () => {
  server.respond(`POST ${K8S}/namespaces/shop/services`, ok({ metadata: { name: 'api' } }));
  const user = userEvent.setup();
  renderForm('/add/Service', <ServiceCreatePage />, server);

  await placeInShop(user, server);
  await user.type(screen.getByLabelText('Name'), 'api');
  await user.type(screen.getByPlaceholderText('Value'), 'api');
  await user.type(screen.getByLabelText('Service port'), '80');
  await user.type(screen.getByLabelText('Target port'), 'http');
  expect(screen.queryByLabelText('Sub path')).toBeNull();
  await user.click(screen.getByLabelText('Use ingress'));
  await user.type(screen.getByLabelText('Host (optional)'), 'shop.example.com');
  await user.type(screen.getByLabelText('Sub path'), '/api');
  await user.click(submitButton());

  expect(await screen.findByText('Service api created')).toBeDefined();
  expect(posts(server)[0]?.body).toMatchObject({
    name: 'api',
    ports: [{ protocol: 'TCP', port: 80, targetPort: 'http' }],
    ingress: { host: 'shop.example.com', path: '/api' },
  });
});

it('refuses a bad target port and a missing selector', async () => {
  const user = userEvent.setup();
  renderForm('/add/Service', <ServiceCreatePage />, server);
  await user.type(await screen.findByLabelText('Target port'), 'Not A Port');
  expect(await screen.findByText('A port number or a container port name')).toBeDefined();
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  await user.click(submitButton());
  expect(await screen.findByText('Add at least one label')).toBeDefined();
  await settle();
  expect(posts(server)).toHaveLength(0);
});

it('creates an HTTPS ingress with a TLS secret of the namespace and its rules', async () => {
  server.respond(
    `${k8sAt(MEMBER_A)}/namespaces/shop/secrets`,
    ok({
      items: [
        { metadata: { name: 'web-tls' }, type: 'kubernetes.io/tls', keys: ['tls.crt', 'tls.key'] },
        { metadata: { name: 'db' }, type: 'Opaque', keys: ['password'] },
      ],
    }),
  );
  server.respond(`POST ${K8S}/namespaces/shop/ingresses`, ok({ metadata: { name: 'shop' } }));
  const user = userEvent.setup();
  renderForm('/add/Ingress', <IngressCreatePage />, server);

  await placeInShop(user, server);
  await user.type(screen.getByLabelText('Name'), 'shop');
  await user.click(screen.getByLabelText('HTTPS'));
  await user.click(submitButton());
  expect(await screen.findByText('HTTPS needs a TLS secret')).toBeDefined();
  await user.click(screen.getByLabelText('TLS secret'));
  expect(await screen.findByTitle('web-tls')).toBeDefined();
  expect(screen.queryByTitle('db')).toBeNull();
  await user.click(screen.getByTitle('web-tls'));
  await user.type(screen.getByLabelText('Host (optional)'), 'shop.example.com');
  await user.clear(screen.getByLabelText('Sub path'));
  await user.type(screen.getByLabelText('Sub path'), 'shop');
  expect(await screen.findByText('A sub path starting with /')).toBeDefined();
  await user.clear(screen.getByLabelText('Sub path'));
  await user.type(screen.getByLabelText('Sub path'), '/shop');
  await user.type(screen.getByLabelText('Service'), 'web');
  await user.type(screen.getByLabelText('Service port'), '80');
  await user.click(submitButton());

  await waitFor(() => expect(posts(server)).toHaveLength(1));
  expect(posts(server)[0]?.body).toEqual({
    ...MEMBER_A,
    name: 'shop',
    https: true,
    tlsSecretName: 'web-tls',
    rules: [
      {
        host: 'shop.example.com',
        path: '/shop',
        pathType: 'Prefix',
        serviceName: 'web',
        servicePort: 80,
      },
    ],
  });
  expect(await screen.findByText('Ingress shop created')).toBeDefined();
});
