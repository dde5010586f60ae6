import { censor } from '../logger.js';
import { redactDocumentText } from './redact-document.js';

/**
 * Redaction for audit records. Audit keeps far more of a request than the log does, so the
 * rules here are deliberately broader than the logger's: anything that might authenticate
 * someone is replaced by the censor text before a record leaves the request.
 */
export { censor };

/** Where a value was found; some keys are secret only in some places (an MFA `code`). */
export interface RedactionContext {
  /** Request path without query, e.g. /api/v1/iam.nimbus.io/users/alice/mfa. */
  path: string;
}

const sensitiveKeys = new Set(
  [
    'password',
    'verifyPassword',
    'oldPassword',
    'newPassword',
    'token',
    'secretKey',
    'secret',
    'accessKey',
    'mfaCode',
    'invitationCode',
    'kubeconfig',
    'signature',
    // Alarm receivers: a Slack webhook URL and an SMS gateway key are credentials.
    'webhookUrl',
    'apiKey',
  ].map((key) => key.toLowerCase()),
);

// Matched against normalized keys (lower case, no `-`, `_` or `.`).
const sensitiveKeyPart = /passw|secret|token|credential|privatekey|kubeconfig|authorization|cookie/;

// References name a secret without holding it (secretKeyRef, secretName), so they stay readable.
const referenceSuffix = /(ref|refs|name)$/i;

/** MFA and sign-in calls carry one-time codes in a field called plainly `code`. */
function codeIsSecret(context: RedactionContext): boolean {
  return /\/mfa(\/|$)/.test(context.path) || /\/auth\.[^/]+\//.test(context.path);
}

/** A key as the lists compare it: `api_key`, `api-key` and `apiKey` are one key. */
const normalizedKey = (key: string): string => key.toLowerCase().replace(/[-_.]/g, '');

export function isSensitiveKey(key: string, context: RedactionContext): boolean {
  const lower = normalizedKey(key);
  if (sensitiveKeys.has(lower)) return true;
  if (lower === 'code') return codeIsSecret(context);
  return sensitiveKeyPart.test(lower) && !referenceSuffix.test(key);
}

/**
 * Whether a text could name a sensitive key at all: only such a text is parsed as a document
 * (parsing every string of a large body would cost more than the call).
 */
function mayNameSensitiveKey(text: string): boolean {
  const lower = normalizedKey(text);
  if (sensitiveKeyPart.test(lower)) return true;
  for (const key of sensitiveKeys) if (lower.includes(key)) return true;
  return false;
}

// Three base64url parts, the first starting with '{"' encoded; the signature may be empty (alg none).
const jwtPattern = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const pemKeyPattern = /-----BEGIN [A-Z ]*(PRIVATE KEY|CERTIFICATE)-----/;
const secretManifestPattern = /\bkind:\s*["']?Secret\b|"kind"\s*:\s*"Secret"/;

/** Free text: tokens inside it are cut out; text embedding a key or a Secret manifest goes whole. */
export function redactText(value: string): string {
  if (pemKeyPattern.test(value) || secretManifestPattern.test(value)) return censor;
  return value.replace(jwtPattern, censor);
}

const maxDepth = 32;

function isSecretLike(value: Record<string, unknown>, context: RedactionContext): boolean {
  return value.kind === 'Secret' || /\/secrets(\/|$)/.test(context.path);
}

/** Where a Secret's values travel: its manifest's fields, and a values change's `set`. */
const secretValueFields = new Set(['data', 'stringData', 'set']);

/** Keeps the key names of a Secret's data (useful to an auditor) but none of the values. */
function censorEntries(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return censor;
  return Object.fromEntries(Object.keys(value).map((key) => [key, censor]));
}

/**
 * Container env values (a hotfix, a workload manifest) often hold credentials under names no rule
 * can guess (DB_URL with a password in it): the names stay, the values go.
 */
function censorEnvValues(entries: unknown[], context: RedactionContext, depth: number): unknown[] {
  return entries.map((entry) => {
    const copy = redactValue(entry, context, depth + 1);
    if (typeof copy !== 'object' || copy === null || Array.isArray(copy)) return copy;
    return 'value' in copy ? { ...copy, value: censor } : copy;
  });
}

/**
 * A string value: censored whole when it embeds a key or a Secret manifest; a YAML or JSON
 * document in it redacted by key like the body (Helm values are one such string); otherwise
 * tokens cut out.
 */
function redactString(value: string, context: RedactionContext, depth: number): string {
  const text = redactText(value);
  if (text === censor || depth >= maxDepth || !mayNameSensitiveKey(value)) return text;
  const redactedDocument = redactDocumentText(value, (document) =>
    redactValue(document, context, depth + 1),
  );
  return redactedDocument ?? text;
}

/** A deep copy of a parsed JSON body with every credential replaced by the censor text. */
export function redactValue(value: unknown, context: RedactionContext, depth = 0): unknown {
  if (typeof value === 'string') return redactString(value, context, depth);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= maxDepth) return '[TOO DEEP]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, context, depth + 1));
  const record = value as Record<string, unknown>;
  const secretLike = isSecretLike(record, context);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    if (isSensitiveKey(key, context)) copy[key] = censor;
    else if (secretLike && secretValueFields.has(key)) copy[key] = censorEntries(item);
    else if (key === 'env' && Array.isArray(item))
      copy[key] = censorEnvValues(item, context, depth);
    else copy[key] = redactValue(item, context, depth + 1);
  }
  return copy;
}

export const truncationMark = '…[truncated]';

/** Cuts text to at most maxBytes of UTF-8, marking the cut. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const budget = Math.max(0, maxBytes - Buffer.byteLength(truncationMark));
  let cut = Buffer.from(text).subarray(0, budget).toString('utf8');
  // A multi-byte character split at the cut decodes to U+FFFD; drop it.
  if (cut.endsWith('\uFFFD')) cut = cut.slice(0, -1);
  return cut + truncationMark;
}

export const maxBodyBytes = 16 * 1024;

/** The body as stored: redacted JSON text, or a note when it was not parsed as JSON. */
export function redactBody(
  body: unknown,
  context: RedactionContext,
  raw: { contentType: string | undefined; contentLength: string | undefined },
): string {
  if (body === undefined) {
    const length = Number(raw.contentLength ?? 0);
    // An unparsed body (bad JSON, other media type) may hold anything; only its size is kept.
    return length > 0 ? `[unparsed ${raw.contentType ?? 'body'}, ${length} bytes]` : '';
  }
  return truncateUtf8(JSON.stringify(redactValue(body, context)), maxBodyBytes);
}

/** Path and query as sent, with sensitive or token-looking query values censored. */
export function redactUri(originalUrl: string, context: RedactionContext): string {
  const queryStart = originalUrl.indexOf('?');
  const path = redactText(queryStart === -1 ? originalUrl : originalUrl.slice(0, queryStart));
  if (queryStart === -1) return path;
  const pairs = originalUrl
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawKey = equals === -1 ? pair : pair.slice(0, equals);
      const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
      const key = safeDecode(rawKey);
      const value = safeDecode(rawValue);
      if (isSensitiveKey(key, context) || redactText(value) !== value) {
        return `${rawKey}=${censor}`;
      }
      return pair;
    });
  return `${path}?${pairs.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
