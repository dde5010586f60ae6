import { endpoints } from '@nimbus/api';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../../testing/app.js';
import { startTestApp } from '../../testing/app.js';
import { registeredApiRoutes, routesHost } from '../../testing/routes.js';
import { expressPath, registerEndpoints } from './register.js';
import express, { Router } from 'express';
import { ApiError, errors } from '../../core/errors.js';
import { captureLogs } from '../../testing/logs.js';
import { serve } from '../../testing/http.js';
import { errorHandler } from '../error-handler.js';
import { requestContextMiddleware } from '../request-context.js';
import { checkErrorCode, checkResponse } from './response-check.js';

let app: TestApp | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the contract served', () => {
  it('serves the OpenAPI document of every declared endpoint at /api/v1/openapi.json', async () => {
    app = await startTestApp({ version: '4.5.6' });
    const response = await fetch(`${app.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('4.5.6');
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(ids.sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('answers the bare GET /version', async () => {
    app = await startTestApp({ version: '4.5.6' });
    const body = await (await fetch(`${app.url}/api/v1/version`)).json();
    expect(body).toEqual({ code: 0, message: 'success', data: '4.5.6' });
  });
});

describe('the API router', () => {
  const registered = registeredApiRoutes();
  const declared = Object.values(endpoints).map(
    (declaration) =>
      `${declaration.method} /api${expressPath(declaration, { host: routesHost, prefix: '/v1' })}`,
  );

  it('finds the routes of every service', () => {
    expect(registered).toContain('POST /api/v1/auth.nimbus.io/login');
    expect(registered).toContain('GET /api/v1/iam.nimbus.io/users/:userName');
    expect(registered).toContain('DELETE /api/v1/manage.nimbus.io/monitors/:id');
    expect(registered).toContain('GET /api/v1/audit.nimbus.io/records');
  });

  it('registers no route the contract does not declare', () => {
    expect(registered.filter((route) => !declared.includes(route))).toEqual([]);
  });

  it('serves every declared endpoint once', () => {
    expect(declared.filter((route) => !registered.includes(route))).toEqual([]);
    expect(registered).toHaveLength(declared.length);
  });
});

describe('response check', () => {
  it('passes data that matches the declared schema', () => {
    expect(() => checkResponse('x', z.object({ a: z.number() }), { a: 1 })).not.toThrow();
  });

  it('turns drift (a number declared, a string sent) into an internal error naming the path', () => {
    expect(() => checkResponse('getCluster', z.object({ cpu: z.number() }), { cpu: '4' })).toThrow(
      expect.objectContaining({
        message: 'response of getCluster does not match the contract',
        details: expect.objectContaining({ issues: [expect.objectContaining({ path: 'cpu' })] }),
      }),
    );
  });

  it('is on in this test tier', () => {
    expect(process.env.NIMBUS_CONTRACT_CHECK).toBe('strict');
  });
});

describe('error code check', () => {
  const getVersion = endpoints.getVersion;

  it('passes a code the declaration implies (a public read can meet a malformed body)', () => {
    expect(checkErrorCode('getVersion', getVersion, new ApiError(errors.badJson))).toBeUndefined();
  });

  it('turns a code the declaration does not list into drift naming the endpoint and code', () => {
    const drift = checkErrorCode('getVersion', getVersion, new ApiError(errors.organizationInUse));
    expect(drift?.entry).toBe(errors.internal);
    expect(drift?.details).toEqual(
      expect.objectContaining({ contract: 'getVersion', code: errors.organizationInUse.code }),
    );
  });

  it('holds on the served routes: an undeclared code answers 5000, a declared one passes', async () => {
    const refuse = (entry: typeof errors.badJson) => ({
      id: 'getVersion',
      endpoint: getVersion,
      before: [],
      handler: () => {
        throw new ApiError(entry);
      },
    });
    const answer = async (entry: typeof errors.badJson) => {
      const app = express();
      app.use(requestContextMiddleware(captureLogs().logger));
      const inner = Router();
      registerEndpoints(inner, [refuse(entry)], {
        host: 'nimbus.io',
        prefix: '',
        checkResponses: true,
      });
      app.use(inner);
      app.use(errorHandler);
      const running = await serve(app);
      try {
        const response = await fetch(`${running.url}/system.nimbus.io/version`);
        return ((await response.json()) as { code: number }).code;
      } finally {
        await running.close();
      }
    };
    expect(await answer(errors.badJson)).toBe(errors.badJson.code);
    expect(await answer(errors.organizationInUse)).toBe(errors.internal.code);
  });
});
