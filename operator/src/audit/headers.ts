import type { IncomingHttpHeaders } from 'node:http';
import type { RedactionContext } from '../observability/redact.js';
import { censor, redactText, redactUri, truncateUtf8 } from '../observability/redact.js';

/** Headers worth keeping for an auditor; everything else is dropped, not stored. */
const allowedHeaders = new Set([
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'host',
  'origin',
  'referer',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-real-ip',
  'x-request-id',
]);

/** Credentials: their presence is recorded, never their value. */
const credentialHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-nimbus-signature',
]);
const credentialNamePart = /token|secret|passw|signature|cookie|auth/i;

// Nimbus's own headers (user id and name, organization, AK/SK access key, timestamp, nonce).
const nimbusPrefix = 'x-nimbus-';

const maxHeaderValueBytes = 512;

function keep(name: string): boolean {
  return allowedHeaders.has(name) || name.startsWith(nimbusPrefix);
}

function isCredential(name: string): boolean {
  return credentialHeaders.has(name) || credentialNamePart.test(name);
}

/** The request headers as stored in an audit record. */
export function auditHeaders(
  headers: IncomingHttpHeaders,
  context: RedactionContext,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const lower = name.toLowerCase();
    if (isCredential(lower)) {
      kept[lower] = censor;
      continue;
    }
    if (!keep(lower)) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    const safe = lower === 'referer' ? redactUri(value, context) : redactText(value);
    kept[lower] = truncateUtf8(safe, maxHeaderValueBytes);
  }
  return kept;
}
