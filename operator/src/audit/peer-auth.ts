import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Replicas ask each other for audit records with a signature, never with the caller's token:
 * the key is derived from the session signing key every replica already mounts, under its own
 * purpose label, so a leaked peer key cannot sign sessions and vice versa.
 */
const purpose = 'nimbus.io/audit-peer/v1';

export const peerTimeHeader = 'x-nimbus-peer-time';
export const peerSignatureHeader = 'x-nimbus-peer-signature';
/** How far a peer's clock and the request's age may be off. */
export const peerWindowMs = 60_000;

export function derivePeerKey(sessionSigningKey: string | Buffer): Buffer {
  return createHmac('sha256', sessionSigningKey).update(purpose).digest();
}

function mac(key: Buffer, method: string, path: string, time: string, body: Buffer | string) {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', key)
    .update(`${method.toUpperCase()}\n${path}\n${time}\n${bodyHash}`)
    .digest();
}

export function signPeerRequest(
  key: Buffer,
  request: { method: string; path: string; body: string },
  now = Date.now(),
): Record<string, string> {
  const time = String(now);
  return {
    [peerTimeHeader]: time,
    [peerSignatureHeader]: mac(key, request.method, request.path, time, request.body).toString(
      'hex',
    ),
  };
}

export interface SignedRequest {
  method: string;
  path: string;
  body: Buffer | string;
  time: string | undefined;
  signature: string | undefined;
}

export function verifyPeerRequest(key: Buffer, request: SignedRequest, now = Date.now()): boolean {
  const { time, signature } = request;
  if (!time || !signature || !/^\d{1,15}$/.test(time) || !/^[0-9a-f]{64}$/.test(signature)) {
    return false;
  }
  if (Math.abs(now - Number(time)) > peerWindowMs) return false;
  const expected = mac(key, request.method, request.path, time, request.body);
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
