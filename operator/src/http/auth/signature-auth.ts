import type { Request } from 'express';
import { ApiError, errors } from '../../core/errors.js';
import type { UserObject } from '../../hub/store.js';
import { findByAccessKey } from '../../identity/credentials.js';
import { rawBodyOf } from '../../identity/raw-body.js';
import type { IdentityServices } from '../../identity/services.js';
import {
  freshnessProblem,
  repeatedQueryKey,
  signatureHeaders,
  signatureMatches,
  signatureWindowSeconds,
} from '../../identity/signature.js';

export function hasSignatureHeaders(req: Request): boolean {
  return req.get(signatureHeaders.accessKey) !== undefined;
}

function refuse(reason: string): ApiError {
  // The reason goes to the debug log only; the client learns just that the signature failed.
  return new ApiError(errors.signatureInvalid, { cause: new Error(reason) });
}

/** Verifies an AK/SK-signed request (docs/open-api.md) and returns the signing user. */
export async function authenticateSignature(
  services: IdentityServices,
  req: Request,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<UserObject> {
  const accessKey = req.get(signatureHeaders.accessKey) ?? '';
  const timestamp = req.get(signatureHeaders.timestamp) ?? '';
  const nonce = req.get(signatureHeaders.nonce) ?? '';
  const signature = (req.get(signatureHeaders.signature) ?? '').toLowerCase();

  const [path = '', query = ''] = splitUrl(req.originalUrl);
  const repeated = repeatedQueryKey(query);
  if (repeated !== undefined) {
    // The signer and the route could read a repeated key differently (first, last, list).
    throw new ApiError(errors.signatureInvalid, {
      message: `Invalid request signature: a signed request must not repeat the query parameter "${repeated.slice(0, 64)}"`,
    });
  }
  const problem = freshnessProblem(timestamp, nonce, nowSeconds);
  if (problem) throw refuse(problem);
  const found = await findByAccessKey(services.store, accessKey);
  if (!found?.credentials.secretKey) throw refuse('unknown access key');

  const parts = {
    method: req.method,
    path,
    query,
    timestamp,
    nonce,
    contentType: req.get('Content-Type') ?? '',
    headers: headersOf(req),
    body: rawBodyOf(req),
  };
  if (!signatureMatches(found.credentials.secretKey, parts, signature)) {
    throw refuse('signature mismatch');
  }
  // Kept a minute past the window, after which the timestamp check alone refuses a replay.
  const expiresAt = Number(timestamp) + signatureWindowSeconds + 60;
  if (!(await services.nonces.claim(accessKey, nonce, expiresAt))) throw refuse('nonce reused');
  return found.user;
}

/** The request's headers as single strings (Node joins repeated ones with ", "). */
function headersOf(req: Request): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
}

function splitUrl(url: string): [string, string] {
  const index = url.indexOf('?');
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index + 1)];
}
