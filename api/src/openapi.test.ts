import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, json, upgrade } from './endpoint.js';
import { endpoints } from './endpoints/all.js';
import { openApiDocument, openApiPath } from './openapi.js';

const options = { title: 'Nimbus API', version: '1.2.3', host: 'nimbus.io', basePath: '/api/v1' };

type Operations = Record<string, Record<string, { operationId: string }>>;

describe('OpenAPI document', () => {
  it('lists every declared endpoint once, under its method and path', () => {
    const document = openApiDocument(endpoints, options);
    const paths = document.paths as Operations;
    const listed = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        id: operation.operationId,
        route: `${method.toUpperCase()} ${path}`,
      })),
    );
    const declared = Object.entries(endpoints).map(([id, declaredEndpoint]) => ({
      id,
      route: `${declaredEndpoint.method} ${openApiPath(declaredEndpoint.path, 'nimbus.io')}`,
    }));
    expect(listed).toEqual(expect.arrayContaining(declared));
    expect(listed).toHaveLength(declared.length);
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents the body and every path parameter of each declared endpoint', () => {
    const document = openApiDocument(endpoints, options);
    const paths = document.paths as Record<
      string,
      Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[] }>
    >;
    for (const [id, declared] of Object.entries(endpoints)) {
      const operation =
        paths[openApiPath(declared.path, 'nimbus.io')]?.[declared.method.toLowerCase()];
      const pathNames = [...declared.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
      const documented = (operation?.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name);
      expect({ id, path: documented }).toEqual({ id, path: pathNames });
      expect({ id, body: operation?.requestBody !== undefined }).toEqual({
        id,
        body: declared.body !== undefined,
      });
    }
  });

  it('turns express parameters into OpenAPI path templates with their schemas', () => {
    const sample = {
      getThing: endpoint({
        method: 'GET',
        path: '/things.{host}/orgs/:orgId/things/:name',
        access: { allow: 'authenticated' },
        summary: 'A thing',
        tag: 'things',
        params: z.object({ orgId: z.string(), name: z.string().max(63) }),
        query: z.object({ page: z.coerce.number().int().optional() }),
        response: json(z.object({ name: z.string(), size: z.number() })),
      }),
    };
    const document = openApiDocument(sample, options);
    const operation = (document.paths as Record<string, Record<string, Record<string, unknown>>>)[
      '/things.nimbus.io/orgs/{orgId}/things/{name}'
    ]?.get;
    expect(operation?.parameters).toEqual([
      { name: 'orgId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'name', in: 'path', required: true, schema: { type: 'string', maxLength: 63 } },
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
    ]);
    expect(JSON.stringify(operation?.responses)).toContain('"size":{"type":"number"}');
  });

  it('marks public endpoints as needing no credentials', () => {
    const document = openApiDocument(endpoints, options);
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(paths['/system.nimbus.io/configs']?.get?.security).toEqual([]);
  });

  it('describes a WebSocket endpoint by its 101 answer and subprotocols', () => {
    const socket = endpoint({
      method: 'GET',
      path: '/k8s.{host}/pods/:pod/exec',
      access: { allow: 'authenticated' },
      summary: 'Exec',
      tag: 'k8s',
      params: z.object({ pod: z.string() }),
      response: upgrade(['v5.channel.k8s.io'], 'The exec stream.'),
    });
    const document = openApiDocument({ socket }, options);
    const paths = document.paths as Record<string, Record<string, { responses: object }>>;
    const responses = paths['/k8s.nimbus.io/pods/{pod}/exec']?.get?.responses ?? {};
    expect(Object.keys(responses)).toEqual(['101', 'default']);
    expect(JSON.stringify(responses)).toContain('v5.channel.k8s.io');
  });
});
