import { z } from 'zod';

/** A node of a Kubernetes structural OpenAPI v3 schema (the subset the generator emits). */
export type StructuralSchema = { [key: string]: unknown };

type JsonSchema = Record<string, unknown>;

// Order of keys in the output, for stable, readable YAML; x-kubernetes-* keys follow, sorted.
const keptKeys = [
  'type',
  'description',
  'format',
  'enum',
  'default',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'items',
  'additionalProperties',
] as const;

// JSON Schema annotations with no meaning for the API server.
const droppedKeys = new Set(['$schema', 'title', 'examples', 'propertyNames', 'id', '$id']);

// Formats the API server validates; others would be silently ignored, so they are not emitted.
const supportedFormats = new Set(['date-time', 'email', 'uri', 'hostname', 'uuid', 'byte']);

const maxSafe = Number.MAX_SAFE_INTEGER;

export class StructuralSchemaError extends Error {
  constructor(path: string, problem: string) {
    super(`${path || '<root>'}: ${problem}`);
    this.name = 'StructuralSchemaError';
  }
}

function convert(node: JsonSchema, path: string): StructuralSchema {
  for (const key of Object.keys(node)) {
    if (keptKeys.includes(key as (typeof keptKeys)[number])) continue;
    if (droppedKeys.has(key) || key.startsWith('x-kubernetes-')) continue;
    // anyOf/oneOf/allOf/$ref/const… would change meaning if dropped, so they are refused.
    throw new StructuralSchemaError(path, `keyword "${key}" has no structural equivalent`);
  }
  if (typeof node.type !== 'string' && node['x-kubernetes-preserve-unknown-fields'] !== true) {
    throw new StructuralSchemaError(path, 'every node of a structural schema needs a type');
  }

  const out: StructuralSchema = {};
  for (const key of keptKeys) {
    const value = node[key];
    if (value === undefined) continue;
    if (key === 'format' && !supportedFormats.has(String(value))) continue;
    // The API server checks date-time itself; zod's own lookup-heavy pattern is not RE2.
    if (key === 'pattern' && node.format === 'date-time') continue;
    if ((key === 'minimum' && value === -maxSafe) || (key === 'maximum' && value === maxSafe)) {
      continue;
    }
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, child]) => [
          name,
          convert(child, `${path}.${name}`),
        ]),
      );
    } else if (key === 'items') {
      out.items = convert(value as JsonSchema, `${path}[]`);
    } else if (key === 'additionalProperties') {
      // false is the default for structural schemas and is rejected next to properties.
      if (typeof value === 'object' && value !== null) {
        out.additionalProperties = convert(value as JsonSchema, `${path}{}`);
      }
    } else {
      out[key] = value;
    }
  }
  for (const key of Object.keys(node)
    .filter((k) => k.startsWith('x-kubernetes-'))
    .sort()) {
    out[key] = node[key];
  }
  return out;
}

/** Converts a zod schema to a structural schema, refusing anything the API server cannot hold. */
export function toStructuralSchema(schema: z.ZodType, path = ''): StructuralSchema {
  const json = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'throw',
    cycles: 'throw',
    reused: 'inline',
  }) as JsonSchema;
  return convert(json, path);
}
