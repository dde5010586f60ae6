// The callers the fuzz tier sends every case as: nobody, a plain user of the tier's organization
// (its session, or its AK/SK signature), that organization's administrator and a system
// administrator. Each signs in again when a case revoked its session (a fuzzed sign-out).
import { randomBytes } from 'node:crypto';
import { login } from '../support/api.js';
import { computeSignature, signatureHeaders } from '../../operator/src/identity/signature.js';
import type { WireRequest } from './cases.js';

export const callerNames = ['anonymous', 'user', 'organization admin', 'system admin'] as const;
export type CallerName = (typeof callerNames)[number];

export interface AccessKeyPair {
  accessKey: string;
  secretKey: string;
}

export interface Caller {
  name: CallerName;
  /** The request with this caller's credentials (a signature over the request as sent). */
  authorize(request: WireRequest, signed: boolean): WireRequest;
  /** Signs in again; the tier calls it when an answer said the session had ended. */
  renew(): Promise<void>;
}

export const anonymousCaller: Caller = {
  name: 'anonymous',
  authorize: (request) => request,
  renew: () => Promise.resolve(),
};

/** A caller with a session (and, for the plain user, an AK/SK pair it may sign with). */
export async function signedInCaller(
  name: CallerName,
  userName: string,
  password: string,
  onToken: (token: string) => void,
  keys?: AccessKeyPair,
): Promise<Caller & { token: string }> {
  const signIn = async (): Promise<string> => {
    const response = await login(userName, password);
    if (response.body.code !== 0) throw new Error(`sign-in of ${userName}: ${response.text}`);
    onToken(response.body.data.token);
    return response.body.data.token;
  };
  const caller = {
    name,
    token: await signIn(),
    authorize(request: WireRequest, signed: boolean): WireRequest {
      if (signed && keys) return signRequest(request, keys);
      return {
        ...request,
        headers: { ...request.headers, Authorization: `Bearer ${caller.token}` },
      };
    },
    async renew() {
      caller.token = await signIn();
    },
  };
  return caller;
}

/** The open-API signature (docs/open-api.md) over the request exactly as it will be sent. */
export function signRequest(request: WireRequest, keys: AccessKeyPair): WireRequest {
  const queryStart = request.target.indexOf('?');
  const path = queryStart === -1 ? request.target : request.target.slice(0, queryStart);
  const query = queryStart === -1 ? '' : request.target.slice(queryStart + 1);
  const headers: Record<string, string> = {
    ...request.headers,
    [signatureHeaders.accessKey]: keys.accessKey,
    [signatureHeaders.timestamp]: String(Math.floor(Date.now() / 1000)),
    [signatureHeaders.nonce]: randomBytes(16).toString('hex'),
  };
  const contentType =
    Object.entries(headers).find(([header]) => header.toLowerCase() === 'content-type')?.[1] ?? '';
  const signature = computeSignature(keys.secretKey, {
    method: request.method,
    path,
    query,
    timestamp: headers[signatureHeaders.timestamp] ?? '',
    nonce: headers[signatureHeaders.nonce] ?? '',
    contentType,
    headers,
    body: request.body ?? Buffer.alloc(0),
  });
  return { ...request, headers: { ...headers, [signatureHeaders.signature]: signature } };
}
