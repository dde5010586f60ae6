import { screen, waitFor } from '@testing-library/react';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createRequire } from 'node:module';
import type * as Ws from 'ws';
import type { WebSocket, WebSocketServer as Server } from 'ws';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import ShellPage from './ShellPage';

// Node's ws, not its browser stub (which is what the jsdom environment's resolution picks). Its
// client stands in for the browser's WebSocket: jsdom's events and Node's own WebSocket do not
// mix in this environment.
const nodeWs = createRequire(import.meta.url)('ws') as typeof Ws;
const { WebSocketServer } = nodeWs;

const PAGE = '/shell/web-1/web?vendor=aws&region=eu&cluster=prod&namespace=shop';

/** The operator's exec WebSocket, played by a loopback server: the test is the member's side. */
let server: Server;
let origin = '';
interface Connection {
  url: string;
  protocol: string;
  socket: WebSocket;
  frames: Buffer[];
}
let connections: Connection[];
beforeEach(async () => {
  vi.stubGlobal('WebSocket', nodeWs.WebSocket);
  connections = [];
  server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    handleProtocols: (offered) => [...offered][0] ?? false,
  });
  server.on('connection', (socket, request) => {
    const connection: Connection = {
      url: request.url ?? '',
      protocol: socket.protocol,
      socket,
      frames: [],
    };
    socket.on('message', (data: Buffer) => void connection.frames.push(data));
    connections.push(connection);
  });
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterEach(
  () =>
    new Promise<void>((resolve) => {
      vi.unstubAllGlobals();
      for (const client of server.clients) client.terminate();
      server.close(() => resolve());
    }),
);

const renderShell = () =>
  renderWithProviders(
    <RouterProvider
      router={createMemoryRouter([{ path: '/shell/:name/:container', element: <ShellPage /> }], {
        initialEntries: [PAGE],
      })}
    />,
    { apiOrigin: origin },
  );

const state = () => screen.getByTestId('shell-state');

it('opens sh with a terminal in the container, sends its size first, and shows the close reason', async () => {
  renderShell();
  await waitFor(() => expect(state().dataset.phase).toBe('open'));
  const connection = connections[0];
  if (!connection) throw new Error('no connection');
  const url = new URL(connection.url, origin);
  expect(url.pathname).toBe(
    '/api/v1/k8s.nimbus.io/vendors/aws/regions/eu/clusters/prod/namespaces/shop/pods/web-1/exec',
  );
  expect(Object.fromEntries(url.searchParams)).toEqual({
    container: 'web',
    command: 'sh',
    tty: 'true',
    stdin: 'true',
  });
  expect(connection.protocol).toBe('v5.channel.k8s.io');
  expect(screen.getByText('Protocol v5.channel.k8s.io')).toBeDefined();
  await waitFor(() => expect(connection.frames[0]?.[0]).toBe(4));
  expect(JSON.parse(connection.frames[0]?.subarray(1).toString() ?? '')).toMatchObject({
    Width: expect.any(Number) as number,
    Height: expect.any(Number) as number,
  });

  connection.socket.close(1008, 'session revoked');
  await waitFor(() => expect(state().dataset.phase).toBe('closed'));
  expect(screen.getByTestId('shell-closed').textContent).toBe(
    'The connection was closed: session revoked (1008)',
  );
  expect(screen.getByTestId('shell-reconnect')).toBeDefined();
});

it("reports the shell's exit code from the member's final status", async () => {
  renderShell();
  await waitFor(() => expect(connections).toHaveLength(1));
  const socket = connections[0]?.socket;
  await waitFor(() => expect(state().dataset.phase).toBe('open'));
  const status = JSON.stringify({
    status: 'Failure',
    reason: 'NonZeroExitCode',
    details: { causes: [{ reason: 'ExitCode', message: '127' }] },
  });
  socket?.send(Buffer.concat([Buffer.from([3]), Buffer.from(status)]));
  socket?.close(1000);
  await waitFor(() =>
    expect(screen.getByTestId('shell-closed').textContent).toBe('The shell exited with code 127.'),
  );
});
