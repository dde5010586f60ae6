import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import { envelopeSchema } from './envelope.js';

type JsonObject = Record<string, unknown>;

export interface OpenApiOptions {
  title: string;
  version: string;
  /** The product domain that replaces {host} in paths, e.g. nimbus.io. */
  host: string;
  /** Where the paths are served, e.g. /api/v1. */
  basePath: string;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  // Transforms and refinements have no JSON Schema form; their input or output side is described.
  const { $schema: _dialect, ...described } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonObject;
  return described;
}

/** Express `:name` segments become OpenAPI `{name}`; {host} is the product domain. */
export function openApiPath(path: string, host: string): string {
  return path.replaceAll('{host}', host).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function pathParameters(endpoint: Endpoint): JsonObject[] {
  const names = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
  const declared = endpoint.params ? jsonSchema(endpoint.params, 'input') : undefined;
  const properties = (declared?.properties ?? {}) as Record<string, JsonObject>;
  return names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name as string] ?? { type: 'string' },
  }));
}

function queryParameters(endpoint: Endpoint): JsonObject[] {
  if (!endpoint.query) return [];
  const schema = jsonSchema(endpoint.query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

function accessText(endpoint: Endpoint): string {
  const { allow, scope, target, note } = endpoint.access;
  const who = typeof allow === 'string' ? allow : allow.join(', ');
  const scoped = scope ? ` (scope ${scope} on ${target ?? '?'})` : '';
  return `Access: ${who}${scoped}.${note ? ` ${note}` : ''}`;
}

function successResponse(endpoint: Endpoint): JsonObject {
  const response = endpoint.response;
  switch (response.kind) {
    case 'json':
      return {
        description: 'Success (code 0)',
        content: {
          'application/json': { schema: jsonSchema(envelopeSchema(response.schema), 'output') },
        },
      };
    case 'raw':
      // One media type, or several a query chooses between (`text/csv, application/x-ndjson`).
      return {
        description: response.description,
        content: Object.fromEntries(
          response.mediaType.split(',').map((mediaType) => [mediaType.trim(), {}]),
        ),
      };
    case 'upgrade':
      return {
        description: `WebSocket (Upgrade: websocket; Sec-WebSocket-Protocol: ${response.protocols.join(', ')}). ${response.description}`,
      };
  }
}

function operation(id: string, endpoint: Endpoint): JsonObject {
  const parameters = [...pathParameters(endpoint), ...queryParameters(endpoint)];
  const success = successResponse(endpoint);
  return {
    operationId: id,
    summary: endpoint.summary,
    description: accessText(endpoint),
    tags: [endpoint.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    ...(endpoint.access.allow === 'public' ? { security: [] } : {}),
    responses: {
      [endpoint.response.kind === 'upgrade' ? '101' : '200']: success,
      default: { $ref: '#/components/responses/Error' },
    },
  };
}

/** The OpenAPI 3.1 document of the declared endpoints, in declaration order. */
export function openApiDocument(
  endpoints: Readonly<Record<string, Endpoint>>,
  options: OpenApiOptions,
): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const [id, endpoint] of Object.entries(endpoints)) {
    const path = openApiPath(endpoint.path, options.host);
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operation(id, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version },
    servers: [{ url: options.basePath }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'nimbus_token',
          description:
            'Session token cookie (__Host-nimbus_token over TLS) plus the CSRF header for writes.',
        },
        accessKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Nimbus-Access-Key',
          description: 'AK/SK: the request is signed with the secret key (docs/api.md).',
        },
      },
      responses: {
        Error: {
          description: 'An error envelope: code from the error catalogue (SPEC §8), message, data.',
          content: {
            'application/json': {
              schema: jsonSchema(envelopeSchema(z.unknown()), 'output'),
            },
          },
        },
      },
    },
    security: [{ session: [] }, { accessKey: [] }],
  };
}
