// Plausible values from the OpenAPI document's JSON Schemas, with fast-check: close enough to
// valid that a request passes the first checks and reaches deeper code, before the mutations
// (mutations.ts) make it wrong.
import fc from 'fast-check';
import { hostileYaml } from './hostile.js';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
}

/** What the generator knows beyond the schema: the tier's own objects and its planted secrets. */
export interface Vocabulary {
  /** Field or parameter name → values naming the tier's own objects (its organization …). */
  known: Readonly<Record<string, readonly string[]>>;
  /** Secrets the tier planted; every field that carries a credential gets one of them. */
  secrets: readonly string[];
}

/** Fields whose value is a credential (compared without case). */
const secretField =
  /^(password|verifyPassword|oldPassword|secret|secretKey|secretAccessKey|token|apiSecret|apiKey|accessKeyId|webhookUrl|clientKey)$/i;

/** String fields that carry YAML: kubeconfigs and Helm values. */
const yamlField = /^(values|kubeconfig|yaml|manifest)$/i;

export const isSecretField = (name: string | undefined): boolean =>
  name !== undefined && secretField.test(name);

/** YAML that looks harmless but carries a planted secret, so a logged document would show. */
function yamlWithSecret(secret: string): string[] {
  return [
    `auth:\n  password: ${secret}\nnested:\n  deeper:\n    token: "${secret}"\n`,
    `apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\n` +
      `users: [{name: u, user: {token: ${secret}}}]\n` +
      `contexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n`,
  ];
}

const maxDepth = 6;

// fast-check builds a regular expression's arbitrary slowly (tens of ms): once per pattern.
const matching = new Map<string, fc.Arbitrary<string> | undefined>();
function stringMatching(pattern: string): fc.Arbitrary<string> | undefined {
  if (!matching.has(pattern)) {
    let arbitrary: fc.Arbitrary<string> | undefined;
    try {
      arbitrary = fc.stringMatching(new RegExp(pattern));
    } catch {
      // A pattern fast-check cannot read (lookarounds, flags): the caller makes a plain name.
    }
    matching.set(pattern, arbitrary);
  }
  return matching.get(pattern);
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const max = schema.maxLength;
  const clip = (value: string): string => (max !== undefined ? value.slice(0, max) : value);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().map(clip);
    case 'uri':
    case 'url':
      return fc.constantFrom('https://example.invalid/', 'http://127.0.0.1:9/', 'ftp://x/');
    case 'date-time':
      return fc
        .date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true })
        .map((date) => date.toISOString());
  }
  const patterned = schema.pattern ? stringMatching(schema.pattern) : undefined;
  if (patterned) return patterned.map(clip);
  const min = schema.minLength ?? 0;
  const name = stringMatching('^[a-z][a-z0-9-]{0,14}$') ?? fc.string();
  return name.map((value) => clip(value.padEnd(min, 'x')));
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -10;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? Math.max(min + 1000, 1000);
  if (integer) {
    const low = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const high = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    return fc.integer({ min: low, max: Math.max(low, high) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(
  schema: JsonSchema,
  vocabulary: Vocabulary,
  depth: number,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      plausible(property, vocabulary, name, depth + 1),
    ]),
  );
  const declared = fc.record(model, { requiredKeys: schema.required ?? [] });
  const extra = schema.additionalProperties;
  if (extra === undefined || extra === false || Object.keys(properties).length > 0) return declared;
  const values =
    extra === true
      ? fc.oneof(fc.jsonValue({ maxDepth: 2 }), yamlOrSecretRecord(vocabulary))
      : plausible(extra, vocabulary, undefined, depth + 1);
  const keys = schema.propertyNames
    ? stringArbitrary(schema.propertyNames)
    : (stringMatching('^[a-z][a-zA-Z0-9]{0,10}$') ?? fc.string());
  return fc.dictionary(keys, values, { maxKeys: 4 });
}

/** A free record (provider credentials, Secret data) given the keys credentials go under. */
function yamlOrSecretRecord(vocabulary: Vocabulary): fc.Arbitrary<Record<string, unknown>> {
  const secret = fc.constantFrom(...vocabulary.secrets);
  return fc.record(
    {
      kubeconfig: fc.oneof(
        secret.chain((s) => fc.constantFrom(...yamlWithSecret(s))),
        yamlBomb(),
      ),
      username: fc.constant('fuzz'),
      password: secret,
      accessKeyId: secret,
      secretAccessKey: secret,
    },
    { requiredKeys: [] },
  );
}

const yamlBomb = (): fc.Arbitrary<string> => fc.constantFrom(...hostileYaml);

/**
 * A value the schema would (nearly) accept. Credential fields carry a planted secret, YAML
 * fields a planted secret or a YAML bomb, and fields naming the tier's objects name them often.
 */
export function plausible(
  schema: JsonSchema,
  vocabulary: Vocabulary,
  field?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > maxDepth) return fc.constant(null);
  const generic = fromSchema(schema, vocabulary, depth);
  if (isSecretField(field)) {
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...vocabulary.secrets) }, generic);
  }
  if (field !== undefined && yamlField.test(field)) {
    const secret = fc.constantFrom(...vocabulary.secrets);
    return fc.oneof(
      secret.chain((s) => fc.constantFrom(...yamlWithSecret(s))),
      yamlBomb(),
      generic,
    );
  }
  const known = field === undefined ? undefined : vocabulary.known[field];
  if (known && known.length > 0) {
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, generic);
  }
  return generic;
}

function fromSchema(
  schema: JsonSchema,
  vocabulary: Vocabulary,
  depth: number,
): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) {
    return fc.oneof(...branches.map((branch) => plausible(branch, vocabulary, undefined, depth)));
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return plausible(
      Object.assign({}, ...schema.allOf) as JsonSchema,
      vocabulary,
      undefined,
      depth,
    );
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(
      ...types.map((type) => plausible({ ...schema, type }, vocabulary, undefined, depth)),
    );
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      const items = schema.items ?? {};
      return fc.array(plausible(items, vocabulary, undefined, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, vocabulary, depth);
    default:
      return schema.properties
        ? objectArbitrary(schema, vocabulary, depth)
        : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every enum and const string in a schema: values a request may carry unchanged. */
export function schemaWords(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) schemaWords(item, into);
  } else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'enum' && Array.isArray(value)) {
        for (const word of value) if (typeof word === 'string') into.add(word);
      } else if (key === 'const' && typeof value === 'string') {
        into.add(value);
      } else {
        schemaWords(value, into);
      }
    }
  }
  return into;
}
