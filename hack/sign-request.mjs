#!/usr/bin/env node
// Signs a Nimbus open-API request with an access key / secret key pair and sends it
// (docs/open-api.md). Node 24, no dependencies.
//
//   NIMBUS_ACCESS_KEY=... NIMBUS_SECRET_KEY=... \
//     node hack/sign-request.mjs [-X METHOD] [-d JSON_BODY] [-H 'X-Nimbus-Organization: acme']...
//       [--dry-run] [--timestamp S] [--nonce N] URL
//
// The secret key is read from the environment so it stays out of shell history and `ps`.
// --dry-run prints the string to sign and the headers instead of sending the request;
// --timestamp and --nonce fix those values (for reproducing the documented example).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    request: { type: 'string', short: 'X', default: 'GET' },
    data: { type: 'string', short: 'd' },
    header: { type: 'string', short: 'H', multiple: true, default: [] },
    'dry-run': { type: 'boolean', default: false },
    timestamp: { type: 'string' },
    nonce: { type: 'string' },
  },
});

const [target] = positionals;
const accessKey = process.env.NIMBUS_ACCESS_KEY;
const secretKey = process.env.NIMBUS_SECRET_KEY;
if (!target || !accessKey || !secretKey) {
  process.stderr.write(
    'usage: NIMBUS_ACCESS_KEY=... NIMBUS_SECRET_KEY=... sign-request.mjs [-X METHOD] [-d BODY] URL\n',
  );
  process.exit(2);
}

const rfc3986 = (value) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The operator refuses a signed request that repeats a query parameter. */
function repeatedQueryKey(search) {
  const seen = new Set();
  for (const [name] of new URLSearchParams(search)) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/** Query pairs decoded, sorted by name then value, re-encoded (RFC 3986) and joined with &. */
function sortedQuery(search) {
  const pairs = [...new URLSearchParams(search)];
  pairs.sort(([ak, av], [bk, bv]) =>
    ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1,
  );
  return pairs.map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`).join('&');
}

const url = new URL(target);
const repeated = repeatedQueryKey(url.search);
if (repeated !== undefined) {
  process.stderr.write(`the query repeats "${repeated}": send one value (e.g. comma-separated)\n`);
  process.exit(2);
}
const method = values.request.toUpperCase();
const body = Buffer.from(values.data ?? '', 'utf8');
const timestamp = values.timestamp ?? String(Math.floor(Date.now() / 1000));
const nonce = values.nonce ?? randomBytes(16).toString('hex');

const extraHeaders = Object.fromEntries(
  values.header.map((line) => {
    const colon = line.indexOf(':');
    if (colon < 1) {
      process.stderr.write(`-H expects 'Name: value', got ${JSON.stringify(line)}\n`);
      process.exit(2);
    }
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  }),
);
const unsigned = {
  'X-Nimbus-Access-Key': accessKey,
  'X-Nimbus-Timestamp': timestamp,
  'X-Nimbus-Nonce': nonce,
  ...(values.data === undefined ? {} : { 'Content-Type': 'application/json' }),
  ...extraHeaders,
};
const contentType =
  Object.entries(unsigned).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
// Every X-Nimbus-* header but the signature: `name:value`, names lower-cased, sorted.
const signedHeaders = Object.entries(unsigned)
  .map(([name, value]) => [name.toLowerCase(), String(value).trim()])
  .filter(([name]) => name.startsWith('x-nimbus-') && name !== 'x-nimbus-signature')
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([name, value]) => `${name}:${value}`);

const stringToSign = [
  method,
  url.pathname,
  sortedQuery(url.search),
  timestamp,
  nonce,
  contentType.trim(),
  ...signedHeaders,
  createHash('sha256').update(body).digest('hex'),
].join('\n');
const signature = createHmac('sha256', secretKey).update(stringToSign).digest('hex');

const headers = { ...unsigned, 'X-Nimbus-Signature': signature };

if (values['dry-run']) {
  process.stdout.write(`string to sign:\n${stringToSign}\n\nheaders:\n`);
  for (const [name, value] of Object.entries(headers)) process.stdout.write(`${name}: ${value}\n`);
  process.exit(0);
}

const response = await fetch(url, {
  method,
  headers,
  ...(values.data === undefined ? {} : { body }),
});
process.stdout.write(`${await response.text()}\n`);
process.exit(response.ok ? 0 : 1);
