// One fuzz case per run of an operation: path parameters, query and body generated from the
// operation's schemas and then made wrong (mutations.ts, hostile.ts), sent as bytes so nothing
// between the generator and the operator normalizes them away.
import fc from 'fast-check';
import type { Operation, Parameter } from './document.js';
import {
  deepJsonText,
  hostilePathSegment,
  hostileString,
  oversizedBodyText,
  wellFormed,
} from './hostile.js';
import type { Mutation } from './mutations.js';
import { applyMutation, mutation } from './mutations.js';
import { upgradeHeaders } from './wire.js';
import type { Vocabulary } from './schema-input.js';
import { plausible, schemaWords } from './schema-input.js';

/** How the body goes on the wire. */
export const bodyEncodings = [
  'json',
  'json',
  'json',
  'json',
  'none',
  'invalidJson',
  'deepJson',
  'oversized',
  'textPlain',
  'form',
  'foreignCharset',
  'gzipGarbage',
  'noContentType',
] as const;
export type BodyEncoding = (typeof bodyEncodings)[number];

export interface FuzzCase {
  params: Record<string, string>;
  query: Array<[string, string]>;
  body: unknown;
  encoding: BodyEncoding;
  /** Extra request headers (junk credentials for the anonymous caller, odd WebSocket offers). */
  headers: Record<string, string>;
  /** The plain user signs this one with its AK/SK instead of sending its session. */
  signed: boolean;
  /** For a WebSocket operation: a handshake offering these subprotocols (else a plain GET). */
  upgrade?: string;
}

/** A request ready for the wire. */
export interface WireRequest {
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * Keeps every generated name inside the tier's own namespace of names: a string that could name
 * an object (letters, digits, dots and dashes) and is neither one of the tier's own objects nor a
 * word of the schema is prefixed, so no generated request ever names another test's object.
 */
export function nameGuard(prefix: string, allowed: ReadonlySet<string>) {
  const nameLike = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
  const guard = (value: string): string =>
    nameLike.test(value) &&
    /[A-Za-z]/.test(value) &&
    !allowed.has(value) &&
    !value.startsWith(prefix)
      ? `${prefix}-${value}`
      : value;
  // Deeper than any schema: only a deep-nesting mutation goes there, and it names nothing.
  const deep = (value: unknown, depth = 0): unknown => {
    if (typeof value === 'string') return guard(value);
    if (depth > 32) return value;
    if (Array.isArray(value)) return value.map((item) => deep(item, depth + 1));
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        Object.defineProperty(out, key, {
          value: deep(item, depth + 1),
          enumerable: true,
          writable: true,
        });
      }
      return out;
    }
    return value;
  };
  return { guard, deep };
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** One path segment as sent: a (guarded) name, encoded; or a hostile segment, raw. */
function pathSegment(
  parameter: Parameter,
  vocabulary: Vocabulary,
  guard: (value: string) => string,
): fc.Arbitrary<string> {
  const named = plausible(parameter.schema, vocabulary, parameter.name).map((value) =>
    encodeURIComponent(wellFormed(guard(asText(value)))),
  );
  return fc.oneof(
    { weight: 3, arbitrary: named },
    { weight: 2, arbitrary: hostilePathSegment().map(guard) },
  );
}

function queryPairs(parameters: Parameter[], vocabulary: Vocabulary) {
  const declared = parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) =>
      fc.option(
        fc
          .oneof(
            { weight: 3, arbitrary: plausible(parameter.schema, vocabulary, parameter.name) },
            { weight: 2, arbitrary: hostileString().map(withinHead) },
            { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }) },
          )
          .map((value): Array<[string, string]> =>
            Array.isArray(value)
              ? value.map((item) => [parameter.name, asText(item)])
              : [[parameter.name, asText(value)]],
          ),
        { nil: [] },
      ),
    );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'a[b]', 'token')),
      fc.string({ maxLength: 20 }),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...declared), extra).map(([pairs, more]) => [...pairs.flat(), ...more]);
}

/** Credentials no server issued: malformed, forged, truncated, for the anonymous caller. */
function junkCredentials(): fc.Arbitrary<Record<string, string>> {
  const junk = fc.oneof(hostileString().map(withinHead), fc.string({ maxLength: 200 }));
  return fc
    .oneof(
      fc.constant({}),
      junk.map((value) => ({ Authorization: `Bearer ${value}` })),
      junk.map((value) => ({ Authorization: value })),
      junk.map((value) => ({ Cookie: `nimbus_token=${value}; __Host-nimbus_token=${value}` })),
      fc.record({
        'X-Nimbus-Access-Key': junk,
        'X-Nimbus-Timestamp': fc.oneof(fc.nat().map(String), junk),
        'X-Nimbus-Nonce': junk,
        'X-Nimbus-Signature': junk,
      }),
    )
    .map((headers) =>
      // Node refuses header values with control characters before sending; those cases become
      // their percent-encoded form, still junk to the server.
      Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, headerSafe(value)])),
    );
}

/**
 * Node's HTTP server refuses a request head over 16 KiB before the operator sees it (431, then
 * the connection closes, docs/fuzz.md): a value in the URL or a header stays well below that once
 * percent-encoded, so every case reaches the operator. Huge values go in bodies.
 */
export function withinHead(value: string): string {
  return value.length > headValueLength ? value.slice(0, headValueLength) : value;
}
const headValueLength = 1024;

export function headerSafe(value: string): string {
  return /^[\t\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(wellFormed(value));
}

/** The arbitrary of one operation's cases, for one caller. */
export function fuzzCases(
  operation: Operation,
  vocabulary: Vocabulary,
  options: { anonymous: boolean; prefix: string },
): fc.Arbitrary<FuzzCase> {
  const allowed = new Set([
    ...Object.values(vocabulary.known).flat(),
    ...vocabulary.secrets,
    ...schemaWords(operation),
    'true',
    'false',
    'null',
  ]);
  const { guard, deep } = nameGuard(options.prefix, allowed);
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const params = fc.record(
    Object.fromEntries(
      pathParameters.map((parameter) => [
        parameter.name,
        pathSegment(parameter, vocabulary, guard),
      ]),
    ),
  );
  const body: fc.Arbitrary<unknown> = operation.body
    ? fc
        .tuple(plausible(operation.body, vocabulary), mutation())
        .map(([value, change]: [unknown, Mutation]) => applyMutation(value, change))
    : fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined, freq: 3 });
  return fc.record({
    params,
    query: queryPairs(operation.parameters, vocabulary).map((pairs) =>
      pairs.map(([name, value]): [string, string] => [name, guard(value)]),
    ),
    body: body.map((value) => deep(value)),
    encoding: operation.body ? fc.constantFrom(...bodyEncodings) : fc.constantFrom('json', 'none'),
    headers: options.anonymous ? junkCredentials() : fc.constant({}),
    signed: fc.boolean(),
    upgrade: operation.response === 'upgrade' ? upgradeOffer() : fc.constant(undefined),
  });
}

/** Subprotocols a WebSocket handshake offers: the declared ones, unknown ones, junk, none. */
function upgradeOffer(): fc.Arbitrary<string | undefined> {
  return fc.option(
    fc.oneof(
      fc.constantFrom('v5.channel.k8s.io', 'v4.channel.k8s.io, v5.channel.k8s.io', 'bogus', ''),
      fc.string({ maxLength: 40 }).map(headerSafe),
    ),
    { nil: undefined },
  );
}

/** Path and query as sent: path segments are already encoded (or deliberately raw). */
export function wireRequest(operation: Operation, serverUrl: string, fuzz: FuzzCase): WireRequest {
  const path = operation.path.replace(
    /\{([A-Za-z0-9_]+)\}/g,
    (_, name: string) => fuzz.params[name] ?? '',
  );
  const query = fuzz.query
    .map(
      ([name, value]) =>
        `${encodeURIComponent(wellFormed(name))}=${encodeURIComponent(wellFormed(value))}`,
    )
    .join('&');
  const target = `${serverUrl}${path}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {
    ...fuzz.headers,
    ...(fuzz.upgrade === undefined ? {} : upgradeHeaders(fuzz.upgrade)),
  };
  const encoded = encodeBody(fuzz);
  if (encoded) {
    if (encoded.contentType) headers['Content-Type'] = encoded.contentType;
    if (encoded.contentEncoding) headers['Content-Encoding'] = encoded.contentEncoding;
    return { method: operation.method, target, headers, body: encoded.bytes };
  }
  return { method: operation.method, target, headers };
}

interface EncodedBody {
  bytes: Buffer;
  contentType?: string;
  contentEncoding?: string;
}

function encodeBody(fuzz: FuzzCase): EncodedBody | undefined {
  const json = (): string => JSON.stringify(fuzz.body) ?? '';
  const text = (value: string, contentType?: string): EncodedBody => ({
    bytes: Buffer.from(value, 'utf8'),
    ...(contentType ? { contentType } : {}),
  });
  switch (fuzz.encoding) {
    case 'none':
      return undefined;
    case 'json':
      return fuzz.body === undefined ? undefined : text(json(), 'application/json');
    case 'invalidJson':
      return text(`${json().slice(0, -1)},`, 'application/json');
    case 'deepJson':
      return text(
        deepJsonText(100_000, json().length % 2 ? 'array' : 'object'),
        'application/json',
      );
    case 'oversized':
      return text(oversizedBodyText, 'application/json');
    case 'textPlain':
      return text(json(), 'text/plain');
    case 'form':
      return text('a=1&b[c]=2&__proto__[x]=1', 'application/x-www-form-urlencoded');
    case 'foreignCharset':
      return {
        bytes: Buffer.from(json(), 'utf16le'),
        contentType: 'application/json; charset=utf-16',
      };
    case 'gzipGarbage':
      return {
        bytes: Buffer.from(json(), 'utf8'),
        contentType: 'application/json',
        contentEncoding: 'gzip',
      };
    case 'noContentType':
      return text(json());
  }
}
