// The operations of the OpenAPI document the operator under test serves: what the fuzz tier
// drives, read from the running operator so a new endpoint is covered without a change here.
import { testEnv } from '../support/env.js';
import type { JsonSchema } from './schema-input.js';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

/** How a successful call answers: the JSON envelope, a raw body, or a WebSocket upgrade. */
export type ResponseKind = 'json' | 'raw' | 'upgrade';

export interface Operation {
  id: string;
  method: string;
  /** OpenAPI path below the server URL, e.g. /iam.nimbus.io/users/{userName}. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  response: ResponseKind;
  /** Media types of a raw success. */
  rawMediaTypes: string[];
  /** Anyone may call it (the document's `security: []`). */
  public: boolean;
  /**
   * The catalogue codes the document declares this operation may answer besides success; absent
   * when it declares a `default` answer (any error envelope: the WebSocket upgrade).
   */
  errorCodes?: ReadonlySet<number>;
}

interface OperationObject {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface ApiDocument {
  serverUrl: string;
  operations: Operation[];
}

/**
 * The codes of the error answers the document declares: each status carries the envelope with
 * an `enum` of its codes (api/src/openapi-errors.ts).
 */
function declaredErrorCodes(responses: OperationObject['responses']): Set<number> | undefined {
  if (responses.default) return undefined;
  const codes = new Set<number>();
  for (const [status, response] of Object.entries(responses)) {
    if (status === '200' || status === '101') continue;
    const schema = response.content?.['application/json']?.schema as
      { allOf?: Array<{ properties?: { code?: { enum?: unknown[] } } }> } | undefined;
    for (const part of schema?.allOf ?? []) {
      for (const code of part.properties?.code?.enum ?? []) {
        if (typeof code === 'number') codes.add(code);
      }
    }
  }
  return codes;
}

function responseOf(responses: OperationObject['responses']): {
  kind: ResponseKind;
  media: string[];
} {
  if (responses['101']) return { kind: 'upgrade', media: [] };
  const content = responses['200']?.content ?? {};
  const media = Object.keys(content);
  // The envelope is declared with its schema; JSON without one (the document itself) is raw.
  return media.length === 1 && content['application/json']?.schema
    ? { kind: 'json', media }
    : { kind: 'raw', media };
}

/** GET /api/v1/openapi.json from the operator under test, as a list of operations. */
export async function loadDocument(): Promise<ApiDocument> {
  const response = await fetch(new URL('/api/v1/openapi.json', testEnv.operatorUrl));
  if (!response.ok) throw new Error(`openapi.json answered ${response.status}`);
  const document = (await response.json()) as {
    servers: Array<{ url: string }>;
    paths: Record<string, Record<string, OperationObject>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): Operation => {
      const { kind, media } = responseOf(operation.responses);
      const body = operation.requestBody?.content['application/json']?.schema;
      const errorCodes = declaredErrorCodes(operation.responses);
      return {
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        ...(body ? { body } : {}),
        response: kind,
        rawMediaTypes: media,
        public: Array.isArray(operation.security) && operation.security.length === 0,
        ...(errorCodes ? { errorCodes } : {}),
      };
    }),
  );
  return { serverUrl: document.servers[0]?.url ?? '/api/v1', operations };
}
