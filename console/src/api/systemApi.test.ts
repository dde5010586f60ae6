// @vitest-environment node
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFeedbackSpy } from '../../tests/feedbackSpy';
import { startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { createAppStore } from '../app/store';
import { systemApi } from './systemApi';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const storeFor = (origin: string) =>
  createAppStore({
    feedback: createFeedbackSpy(),
    baseUrl: `${origin}/api/v1`,
    readSession: () => ({}),
  });

it('reads the system configs from GET /api/v1/system.{host}/configs', async () => {
  const configs = { MFA: true, version: '0.1.0', host: 'nimbus.io' };
  server.respond('/api/v1/system.nimbus.io/configs', {
    body: { code: 0, message: 'success', data: configs },
  });

  const result = await storeFor(server.origin).dispatch(
    systemApi.endpoints.getConfigs.initiate(undefined),
  );

  expect(result.data).toEqual(configs);
});

it('reads the OpenAPI document as it is from GET /api/v1/openapi.json', async () => {
  const document = { openapi: '3.1.0', info: { title: 'Nimbus', version: '0.1.0' }, paths: {} };
  server.respond('/api/v1/openapi.json', { body: document });

  const result = await storeFor(server.origin).dispatch(
    systemApi.endpoints.getOpenApi.initiate(undefined),
  );

  expect(result.data).toEqual(document);
});
