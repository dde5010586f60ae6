// The route tables of docs/api-reference.md, written from the OpenAPI document so that they
// cannot drift from the contract: docs/api.md keeps the prose and links here.
type JsonObject = Record<string, unknown>;

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonObject }> };
  responses: Record<string, { description?: string; content?: Record<string, JsonObject> }>;
}

/** How many of an object's fields a table cell names before it says "…". */
const shownFields = 10;

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

const variants = (schema: JsonObject): JsonObject[] | undefined =>
  (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;

/** `{ a, b? }` for an object, `A \| B` for a union, `[ … ]` for a list. */
function shape(schema: JsonObject | undefined, depth = 0): string {
  if (!schema) return '';
  const union = variants(schema);
  if (union) {
    const described = union.map((v) => shape(v, depth)).filter((s) => s !== 'null');
    return described.length === 0 ? 'null' : described.join(' or ');
  }
  if (schema.type === 'null') return 'null';
  if (schema.type === 'array') return `[${shape(schema.items as JsonObject, depth)}]`;
  const properties = schema.properties as Record<string, JsonObject> | undefined;
  if (!properties) return typeof schema.type === 'string' ? schema.type : 'any';
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (isPage(names)) return `Page of ${shape(properties.items, depth)}`;
  if (depth > 0) return names.length === 0 ? '{}' : '{ … }';
  const listed = names
    .slice(0, shownFields)
    .map((name) => (required.has(name) ? name : `${name}?`));
  if (names.length > shownFields) listed.push('…');
  return listed.length === 0 ? '{}' : `{ ${listed.join(', ')} }`;
}

const isPage = (names: string[]): boolean =>
  ['items', 'total', 'page', 'pageSize'].every((name) => names.includes(name));

/** What a successful call answers: the envelope's data, or the raw media type. */
function answer(operation: Operation): string {
  const success = operation.responses['200'] ?? operation.responses['101'];
  if (!success) return '';
  const json = success.content?.['application/json']?.schema as JsonObject | undefined;
  const data = (json?.properties as Record<string, JsonObject> | undefined)?.data;
  if (data) return `\`${shape(data)}\``;
  if (success.content) return Object.keys(success.content).join(', ');
  return success.description?.split('.')[0] ?? '';
}

function inputs(operation: Operation): string {
  const query = (operation.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map((p) => (p.required ? p.name : `${p.name}?`));
  const body = operation.requestBody?.content['application/json']?.schema;
  return [
    query.length > 0 ? `query \`${query.join(', ')}\`` : '',
    body ? `body \`${shape(body)}\`` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** The catalogue codes the error answers name, from each answer's `code` enum. */
function errorCodes(operation: Operation): number[] {
  const codes = Object.entries(operation.responses)
    .filter(([status]) => /^[45]/.test(status))
    .flatMap(([, response]) => {
      const schema = response.content?.['application/json']?.schema as JsonObject | undefined;
      const parts = (schema?.allOf ?? []) as JsonObject[];
      return parts.flatMap((part) => {
        const code = (part.properties as Record<string, JsonObject> | undefined)?.code;
        return (code?.enum ?? []) as number[];
      });
    });
  return [...new Set(codes)].sort((a, b) => a - b);
}

const access = (operation: Operation): string =>
  operation.description.replace(/^Access: /, '').split('.')[0] ?? '';

/** docs/api-reference.md: one table per service, in the contract's order. */
export function apiReferenceMarkdown(document: JsonObject): string {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const tags = document.tags as { name: string; description: string }[];
  const operations = Object.values(paths).flatMap((byMethod) => Object.values(byMethod));
  const everyCall = operations
    .map(errorCodes)
    .reduce((common, codes) => common.filter((code) => codes.includes(code)));
  const lines = [
    '# Nimbus API reference',
    '',
    '<!-- Generated from the OpenAPI document by `NIMBUS_WRITE_GENERATED=1 npx vitest run',
    'src/api-reference.test.ts` in api/; do not edit. The prose is in api.md. -->',
    '',
    'Every call of the contract (`api/src/endpoints/`), below the base path `/api/v1`, with',
    'who may make it, what it takes and what its envelope carries in `data`; `?` marks what is',
    'optional. Errors are the codes of the [error catalogue](api.md#error-catalogue) the call',
    `can answer beyond those every call can (${everyCall.join(', ')}). The full schemas are in`,
    'the OpenAPI document (`GET /api/v1/openapi.json`).',
  ];
  for (const tag of tags) {
    lines.push('', `## ${tag.name}`, '', tag.description, '');
    lines.push(
      '| Call | Operation | Who | Takes | Answers | Errors |',
      '|---|---|---|---|---|---|',
    );
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.tags.includes(tag.name)) continue;
        const row = [
          `\`${method.toUpperCase()} ${path}\``,
          `\`${operation.operationId}\`: ${operation.summary}`,
          access(operation),
          inputs(operation),
          answer(operation),
          errorCodes(operation)
            .filter((code) => !everyCall.includes(code))
            .join(', '),
        ];
        lines.push(`| ${row.map(cell).join(' | ')} |`);
      }
    }
  }
  lines.push('');
  return lines.join('\n');
}
