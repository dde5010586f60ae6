import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import { envelopeSchema } from './envelope.js';
import { errorResponses, errorEnvelopeSchema } from './openapi-errors.js';

type JsonObject = Record<string, unknown>;

export interface OpenApiOptions {
  title: string;
  version: string;
  /** The product domain that replaces {host} in paths, e.g. nimbus.io. */
  host: string;
  /** Where the paths are served, e.g. /api/v1. */
  basePath: string;
  /** Where people reach the maintainers (default: the served user guide). */
  contactUrl?: string;
}

/** How a call proves who makes it: the session cookie, the same token as bearer, or AK/SK. */
const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'nimbus_token',
    description:
      'Session token cookie (__Host-nimbus_token over TLS) plus the CSRF header for writes.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token of a sign-in, as `Authorization: Bearer <token>`.',
  },
  accessKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Nimbus-Access-Key',
    description: 'AK/SK: the access key; sent with X-Nimbus-Signature (docs/open-api.md).',
  },
  signature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Nimbus-Signature',
    description:
      'AK/SK: HMAC-SHA256 with the secret key over method, path, sorted query, X-Nimbus-Timestamp, X-Nimbus-Nonce, headers and body hash (docs/open-api.md).',
  },
} as const;

const tagDescriptions: Readonly<Record<string, string>> = {
  auth: 'Sign-up, sign-in and sign-out.',
  system: 'Version, system settings and this document.',
  iam: 'Organizations, users, groups, roles and permissions.',
  manage: 'Clusters, monitors, registries, favourites and chart sources.',
  crd: 'The multi-cluster index: lists and searches across member clusters.',
  k8s: 'Calls to a member cluster made as the caller.',
  monitor: "A cluster's metrics from its own Prometheus.",
  alarm: 'Alarm rules, receivers, silences and messages.',
  appstore: 'Charts and releases of the application store.',
  cost: 'Cost allocation per cluster, namespace and workload.',
  audit: 'The audit trail of operations.',
};

function tags(endpoints: Readonly<Record<string, Endpoint>>): JsonObject[] {
  const used = [...new Set(Object.values(endpoints).map((endpoint) => endpoint.tag))];
  return used.map((name) => ({ name, description: tagDescriptions[name] ?? name }));
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
  const { allow, scope, target, note, permission } = endpoint.access;
  const who = typeof allow === 'string' ? allow : allow.join(', ');
  const scoped = scope ? ` (scope ${scope} on ${target ?? '?'})` : '';
  const needs = permission ? ` Needs ${permission.name} (${permission.on}).` : '';
  return `Access: ${who}${scoped}.${needs}${note ? ` ${note}` : ''}`;
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

const anyError = {
  description: 'The handshake was refused: an error envelope.',
  content: {
    'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
  },
};

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
      ...errorResponses(endpoint),
      // A WebSocket has no 2xx: any answer but the switch is an error envelope.
      ...(endpoint.response.kind === 'upgrade' ? { default: anyError } : {}),
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
    info: {
      title: options.title,
      version: options.version,
      description: 'The Nimbus console API. Every answer is the envelope `{code, message, data}`.',
      license: { name: 'Apache License 2.0', identifier: 'Apache-2.0' },
      contact: { name: 'Nimbus maintainers', url: options.contactUrl ?? '/docs/en/' },
    },
    servers: [{ url: options.basePath }],
    tags: tags(endpoints),
    paths,
    components: {
      securitySchemes,
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output') },
    },
    security: [{ session: [] }, { bearer: [] }, { accessKey: [], signature: [] }],
  };
}
