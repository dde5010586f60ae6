import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import SwaggerPage from './SwaggerPage';
// Loaded with the test file, so the page's lazy renderer resolves at once instead of waiting
// for the large renderer to be transformed mid-test.
import './OpenApiRenderer';

const DOCUMENT = `${API}/openapi.json`;

/** A small OpenAPI 3.1 document shaped like the operator's (servers, envelope, tags). */
const document = {
  openapi: '3.1.0',
  info: { title: 'Nimbus API', version: '9.9.9' },
  servers: [{ url: '/api/v1' }],
  paths: {
    '/system.nimbus.io/widgets/{name}': {
      get: {
        operationId: 'getWidget',
        summary: 'Read one widget',
        tags: ['system'],
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'Success (code 0)' } },
      },
    },
  },
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderPage = () =>
  renderAdminRoutes([{ path: '/swagger', element: <SwaggerPage /> }], '/swagger', server);

it('renders the operations of the document the API serves', async () => {
  server.respond(DOCUMENT, { body: document });
  renderPage();

  expect(screen.getByRole('heading', { name: 'API docs' })).toBeDefined();
  const renderer = await screen.findByTestId('openapi-renderer');
  expect(await within(renderer).findByText('Read one widget')).toBeDefined();
  expect(within(renderer).getByText('Nimbus API')).toBeDefined();
  expect(renderer.textContent).toContain('/system.nimbus.io/widgets/{name}');
});

it('says so, without an error notification, when the document cannot be read', async () => {
  server.respond(DOCUMENT, {
    status: 500,
    body: { code: 5000, message: 'internal error', data: null },
  });
  const { feedback } = renderPage();

  expect(await screen.findByText('The API description could not be loaded.')).toBeDefined();
  expect(feedback.requestFailed).not.toHaveBeenCalled();

  server.respond(DOCUMENT, { body: document });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('openapi-renderer')).toBeDefined();
});

it('shows the empty state for a document without operations', async () => {
  server.respond(DOCUMENT, { body: { ...document, paths: {} } });
  renderPage();
  await waitFor(() => expect(screen.getByTestId('swagger-empty')).toBeDefined());
  expect(screen.getByText('The API description lists no operations.')).toBeDefined();
});
