/**
 * A small read-only YAML rendering of JSON-shaped values (the YAML view of a detail page).
 * Strings that YAML would read as something else are quoted as JSON, which YAML accepts.
 */

const PLAIN = /^[A-Za-z_/.][\w./@-]*(?: [\w./@-]+)*$/;
const RESERVED = /^(?:true|false|yes|no|on|off|null|~|y|n)$/i;

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const keyText = (key: string): string =>
  PLAIN.test(key) && !RESERVED.test(key) ? key : JSON.stringify(key);

function isEmptyCollection(value: unknown): boolean {
  return Array.isArray(value)
    ? value.length === 0
    : isObject(value) && Object.keys(value).length === 0;
}

function lines(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if ((isObject(item) || Array.isArray(item)) && !isEmptyCollection(item)) {
        const [first = '', ...rest] = lines(item, `${indent}  `);
        return [`${indent}- ${first.trimStart()}`, ...rest];
      }
      return [`${indent}- ${isEmptyCollection(item) ? JSON.stringify(item) : scalar(item)}`];
    });
  }
  if (isObject(value)) {
    return Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .flatMap(([key, entry]) => {
        if ((isObject(entry) || Array.isArray(entry)) && !isEmptyCollection(entry)) {
          return [`${indent}${keyText(key)}:`, ...lines(entry, `${indent}  `)];
        }
        const text = isEmptyCollection(entry)
          ? JSON.stringify(entry)
          : blockOrScalar(entry, indent);
        return [`${indent}${keyText(key)}: ${text}`];
      });
  }
  return [`${indent}${scalar(value)}`];
}

/** Multi-line strings become literal blocks so they stay readable. */
function blockOrScalar(value: unknown, indent: string): string {
  if (typeof value !== 'string' || !value.includes('\n')) return scalar(value);
  const body = value.replace(/\n$/, '').split('\n');
  const chomp = value.endsWith('\n') ? '' : '-';
  return [`|${chomp}`, ...body.map((line) => `${indent}  ${line}`)].join('\n');
}

export function toYaml(value: unknown): string {
  if (isEmptyCollection(value)) return `${JSON.stringify(value)}\n`;
  return `${lines(value, '').join('\n')}\n`;
}
