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
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['101', '401', 'default']));
    expect(Object.keys(responses).filter((status) => status.startsWith('2'))).toEqual([]);
    expect(JSON.stringify(responses)).toContain('v5.channel.k8s.io');
  });

  it('declares the error answers each operation can give, with their codes', () => {
    const document = openApiDocument(endpoints, options);
    const paths = document.paths as Record<string, Record<string, { responses: object }>>;
    const codesAt = (path: string, method: string, status: string) => {
      const responses = paths[path]?.[method]?.responses as Record<string, unknown>;
      const schema = JSON.stringify(responses[status] ?? {});
      return [...schema.matchAll(/"enum":\[([0-9,]+)\]/g)].flatMap((m) =>
        (m[1] ?? '').split(',').map(Number),
      );
    };
    // A signed-in write with a body and path parameter: refused rights, bad input, missing target.
    const removeMember = '/iam.nimbus.io/organizations/{orgId}/users/{userId}';
    expect(codesAt(removeMember, 'delete', '403')).toEqual(expect.arrayContaining([9997, 1013]));
    expect(codesAt(removeMember, 'delete', '401')).toEqual(expect.arrayContaining([9998]));
    expect(codesAt(removeMember, 'delete', '404')).toEqual([1004]);
    expect(codesAt('/iam.nimbus.io/users', 'post', '400')).toEqual(
      expect.arrayContaining([1000, 1001]),
    );
    // Public reads are never refused for rights; a member call can find its cluster away.
    expect(codesAt('/system.nimbus.io/configs', 'get', '403')).not.toContain(9997);
    expect(
      codesAt(
        '/k8s.nimbus.io/vendors/{vendor}/regions/{region}/clusters/{cluster}/namespaces',
        'get',
        '502',
      ),
    ).toEqual([2001]);
    expect(codesAt('/auth.nimbus.io/login', 'post', '401')).toEqual(
      expect.arrayContaining([1007, 1008, 1009]),
    );
    for (const operations of Object.values(paths)) {
      for (const operation of Object.values(operations)) {
        const statuses = Object.keys(operation.responses).filter((status) => /^[45]/.test(status));
        expect(statuses).toEqual(expect.arrayContaining(['400', '500']));
      }
    }
  });

  it('has a license, a contact and the three ways to sign a call', () => {
    const document = openApiDocument(endpoints, options);
    const info = document.info as Record<string, Record<string, string>>;
    expect(info.license?.identifier).toBeTruthy();
    expect(info.contact?.name).toBeTruthy();
    const components = document.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components.securitySchemes ?? {})).toEqual(
      expect.arrayContaining(['session', 'bearer', 'accessKey', 'signature']),
    );
  });
});
