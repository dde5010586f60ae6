// The hostile values of the fuzz tier: strings no form would send, YAML that attacks its parser,
// path segments that try to leave their place in the URL, and JSON nested past any sane depth.
import fc from 'fast-check';

const mebibyte = 1024 * 1024;

/** Bodies stay under the operator's 1 MiB JSON limit, so the field itself is what is tested. */
const hugeLengths = [64 * 1024, 256 * 1024] as const;

/** Strings a renderer, a database or a terminal chokes on. */
const unicodeSamples = [
  '\u202Eevil\u202C', // right-to-left override
  'שלום עולם', // right-to-left script
  'a\u0000b', // NUL inside
  '\u0000',
  '😀👩‍👩‍👧‍👦🏳️‍🌈', // emoji, ZWJ sequences
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307', // combining marks
  'Z̷̢̛̪̓a̵̰̔l̶̤̈́g̴̣̈o̵̱͝',
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  'x\uD83D', // surrogate cut in half
  '\uFEFF', // byte order mark
  '\u200B\u200C\u200D', // zero-width
  '\r\nX-Injected: 1', // header injection
  '%s%n%x%d', // format strings
  '${jndi:ldap://127.0.0.1/a}',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '..',
  '.',
  ' ',
  '',
];

/** Path segments that try to climb out of their position, raw and percent-encoded. */
export const traversalSegments = [
  '..',
  '../..',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..%2F..%2Fapi%2Fv1%2Fsecrets',
  '%2e%2e',
  '%2e%2e%2f%2e%2e',
  '..%5c..%5c',
  '%00',
  'name%00.yaml',
  '%252e%252e%252f',
  '%E0%A4%A', // malformed percent-encoding
  '%',
  '%zz',
  '%C0%AE%C0%AE', // overlong UTF-8 dots
  '%u002e%u002e',
  '.%2f',
  '%2f',
  '~',
  '*',
  ';',
  '?a=1',
  '#',
] as const;

/** A YAML billion-laughs document: each alias level multiplies the expansion by ten. */
function billionLaughs(levels: number): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let level = 1; level < levels; level++) {
    const previous = String.fromCharCode(96 + level);
    const name = String.fromCharCode(97 + level);
    lines.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(',')}]`);
  }
  return `${lines.join('\n')}\n`;
}

export const hostileYaml = [
  billionLaughs(9),
  `${'['.repeat(20_000)}${']'.repeat(20_000)}\n`,
  `${'- '.repeat(5_000)}x\n`,
  Array.from({ length: 3_000 }, (_, depth) => `${'  '.repeat(depth)}k${depth}:`).join('\n'),
  `big: &big "${'x'.repeat(200 * 1024)}"\ncopies: [${Array(100).fill('*big').join(',')}]\n`,
  'run: !!js/function "function(){ return process.exit(1) }"\n',
  'x: !!python/object/apply:os.system ["true"]\n',
  'y: !<tag:yaml.org,2002:js/undefined> ""\n',
  'key: 1\nkey: 2\nkey: 3\n',
  Array.from({ length: 10_000 }, (_, index) => `---\nd${index}: *missing`).join('\n'),
  Array.from({ length: 20_000 }, () => '---\n{}').join('\n'),
  '%YAML 9.9\n---\na: b\n',
  '? [a, b]\n: complex key\n',
  '<<: *nothing\n',
  'a: &x\n  b: *x\n',
  '\t- tab indented\n',
  'password: "unterminated\n',
  '!!binary |\n  R0lGODlhDAAMAIQAAP//9/X\n',
  `apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "http://169.254.169.254/latest"}}]\n`,
  'apiVersion: v1\nkind: Config\nusers: [{name: u, user: {exec: {command: /bin/sh, args: ["-c", "true"]}}}]\n',
  'apiVersion: v1\nkind: Config\nusers: [{name: u, user: {auth-provider: {name: gcp}}}]\n',
  'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "file:///etc/passwd"}}]\n',
];

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` levels, as JSON text. */
export function deepJsonText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** The same nesting as a value, to put inside an otherwise plausible body. */
export function deepJsonValue(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** A JSON body bigger than the operator's 1 MiB limit. */
export const oversizedBodyText = JSON.stringify({ padding: 'x'.repeat(mebibyte + 1024) });

/** A string field's hostile content: huge, unicode, traversal, YAML bombs, injection. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...unicodeSamples) },
    { weight: 2, arbitrary: fc.constantFrom(...traversalSegments) },
    { weight: 2, arbitrary: fc.constantFrom(...hostileYaml) },
    { weight: 1, arbitrary: fc.constantFrom(...hugeLengths).map((length) => 'x'.repeat(length)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...hugeLengths).map((length) => '😀'.repeat(length / 4)),
    },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 64 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 300, maxLength: 5000 }) },
  );
}

/** A path parameter that is not a name: traversal, encodings, unicode, a segment of 64 KiB. */
export function hostilePathSegment(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...traversalSegments) },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...unicodeSamples)
        .map((value) => encodeURIComponent(wellFormed(value))),
    },
    {
      weight: 2,
      arbitrary: fc
        .string({ unit: 'binary', maxLength: 40 })
        .map((value) => encodeURIComponent(wellFormed(value))),
    },
    { weight: 1, arbitrary: fc.constant('a'.repeat(4 * 1024)) },
  );
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent refuses lone surrogates: in a URL they become U+FFFD (JSON keeps them). */
export function wellFormed(value: string): string {
  return value.replace(loneSurrogate, '\uFFFD');
}

/** Own keys named like the prototype chain (a literal `__proto__:` would set the prototype). */
export const prototypeKeys: readonly object[] = [
  JSON.parse('{"__proto__":{"polluted":true}}') as object,
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}') as object,
];

/** Any JSON value at all, for a field or a whole body of the wrong type. */
export function wrongTypeValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 3.5, 2 ** 53 + 1, '', '0', 'true'),
    fc.constantFrom([], {}, [null], { '': null }, ...prototypeKeys),
    fc.jsonValue({ maxDepth: 3 }),
  );
}
