import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardableHeaders } from '../member/transport/headers.js';
import type { MemberRefusal } from '@nimbus/api';
import type { UserMember } from '../k8s/member-access.js';
import type { KubeStatus } from '../k8s/member-refusal.js';
import { kubeStatusOf, refusalOf } from '../k8s/member-refusal.js';

/** A loopback API server address that lives for one Helm operation. */
export interface HelmRelay {
  /**
   * http://127.0.0.1:<port>/<one-time secret>: the secret path segment is the credential.
   * client-go sends no bearer token over plain http, so the capability is in the URL instead;
   * it is worthless once the relay is closed.
   */
  url: string;
  /** The calls the member refused so far (at most the last few), oldest first. */
  refusals(): MemberRefusal[];
  close(): Promise<void>;
}

const maxRequestBytes = 16 * 1024 * 1024;
/** Each relayed call's deadline (Helm's own calls are short: no --wait, no watches). */
const relayedCallTimeoutMs = 60_000;
/** Refusals kept per operation: Helm stops at the first one that matters. */
const keptRefusals = 16;

/** The path below the secret prefix, or undefined when the request does not carry it. */
function belowSecret(url: string | undefined, secret: string): string | undefined {
  const expected = Buffer.from(`/${secret}`);
  const given = Buffer.from((url ?? '').slice(0, expected.length));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const rest = (url ?? '').slice(expected.length);
  return rest === '' ? '/' : rest.startsWith('/') || rest.startsWith('?') ? rest : undefined;
}

function kubeStatus(code: number, reason: string, message: string): Buffer {
  return Buffer.from(
    JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message }),
  );
}

/**
 * Helm 4 asks for protobuf first; a refusal is then a protobuf Status whose words the relay
 * cannot read. JSON is what every client-go decoder accepts too, so the member is asked for it.
 */
function jsonAccept(accept: string | undefined): string | undefined {
  return accept?.includes('protobuf') ? 'application/json' : accept;
}

function readBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxRequestBytes) req.destroy(new Error('request too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 0 ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Opens the relay Helm talks to for one operation: every request below the one-time secret
 * path goes to the member as the calling user (the member transport adds Impersonate-User and
 * its own credentials, which never leave the operator). Anything else is refused.
 */
export async function openHelmRelay(member: UserMember): Promise<HelmRelay> {
  const secret = randomBytes(32).toString('hex');
  const refusals: MemberRefusal[] = [];
  const remember = (status: KubeStatus, method: string, path: string): void => {
    const refusal = refusalOf(member.cluster.metadata.name, status, { method, path });
    if (!refusal) return;
    refusals.push(refusal);
    if (refusals.length > keptRefusals) refusals.shift();
  };
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: Buffer, contentType = 'application/json'): void => {
      res.writeHead(status, { 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    };
    const path = belowSecret(req.url, secret);
    if (path === undefined) {
      answer(401, kubeStatus(401, 'Unauthorized', 'Unauthorized'));
      return;
    }
    if (req.headers.upgrade) {
      answer(400, kubeStatus(400, 'BadRequest', 'the Helm relay does not upgrade connections'));
      return;
    }
    void (async () => {
      try {
        const body = await readBody(req);
        // Identity answers only: what the member compresses would have to be relayed as is.
        const {
          'accept-encoding': _encoding,
          'content-type': contentType,
          accept,
          ...rest
        } = forwardableHeaders(req.headers);
        const asJson = jsonAccept(accept);
        const headers = asJson ? { ...rest, accept: asJson } : rest;
        const response = await member.send({
          method: req.method ?? 'GET',
          path,
          headers,
          ...(body ? { body, ...(contentType ? { contentType } : {}) } : {}),
          timeoutMs: relayedCallTimeoutMs,
        });
        if (response.status === 403)
          remember(kubeStatusOf(response.body), req.method ?? 'GET', path);
        const type = response.headers['content-type'];
        answer(
          response.status,
          response.body,
          typeof type === 'string' ? type : 'application/json',
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : 'the member did not answer';
        if (!res.headersSent) answer(502, kubeStatus(502, 'ServiceUnavailable', message));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${secret}`,
    refusals: () => [...refusals],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
