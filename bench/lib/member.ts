// A test-bed member as the bench sees it: the operator's own connection (kubeconfig sanitizer,
// pinned addresses, ConnectionTransport) for the index loops, and a keep-alive https agent with
// the same credentials for the bulk writes.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import type { PinnedConnection } from '../../operator/src/clusters/connector.js';
import { sanitizeKubeconfig } from '../../operator/src/clusters/kubeconfig-sanitizer.js';
import { callsOf } from '../../operator/src/clusters/member-client.js';
import { ConnectionTransport } from '../../operator/src/index/connection-transport.js';
import { createMemberTransport } from '../../operator/src/member/transport/transport.js';

export interface Member {
  name: string;
  kubeconfig: string;
  pinned: PinnedConnection;
  transport: ConnectionTransport;
  agent: Agent;
}

const pem = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');

export async function openMember(name: string, kubeconfig: string): Promise<Member> {
  const text = readFileSync(kubeconfig, 'utf8');
  const server = /server:\s*(\S+)/.exec(text)?.[1];
  if (!server) throw new Error(`${kubeconfig}: no server`);
  // The test bed listens on loopback, which the SSRF policy refuses unless listed (as operator.sh does).
  const result = await sanitizeKubeconfig(text, { policy: { allowHosts: [new URL(server).host] } });
  if (!result.ok) throw new Error(`${kubeconfig}: ${result.reason}`);
  const { kubeconfig: clean, addresses } = result;
  const pinned: PinnedConnection = {
    connection: {
      server: clean.server,
      auth: clean.user,
      ...(clean.certificateAuthorityData
        ? { certificateAuthorityData: clean.certificateAuthorityData }
        : {}),
    },
    addresses,
  };
  const auth = clean.user;
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 64,
    ...(clean.certificateAuthorityData ? { ca: pem(clean.certificateAuthorityData) } : {}),
    ...('clientCertificateData' in auth
      ? { cert: pem(auth.clientCertificateData), key: pem(auth.clientKeyData) }
      : {}),
  });
  const memberTransport = createMemberTransport(pinned.connection, pinned.addresses);
  return {
    name,
    kubeconfig,
    pinned,
    transport: new ConnectionTransport(() => Promise.resolve(callsOf(memberTransport, 'operator'))),
    agent,
  };
}

/** The member with an agent that opens a connection per request and keeps none. */
export function onNewConnection(member: Member): Member {
  return { ...member, agent: new Agent({ ...member.agent.options, keepAlive: false }) };
}

/**
 * One JSON request to the member; resolves with the status and the parsed body. A kept-alive
 * socket the API server closed as idle just as the request went out fails with ECONNRESET before
 * any answer: that request is sent once more on a new socket (Node's documented pattern,
 * `request.reusedSocket`); any other failure is the caller's.
 */
export function call(
  member: Member,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: unknown }> {
  return callOnce(member, method, path, body, contentType).catch((error: unknown) => {
    if (!(error instanceof ClosedIdleSocket)) throw error;
    return callOnce(member, method, path, body, contentType);
  });
}

/** The server closed a reused keep-alive socket before answering. */
class ClosedIdleSocket extends Error {}

function callOnce(
  member: Member,
  method: string,
  path: string,
  body: unknown,
  contentType: string,
): Promise<{ status: number; body: unknown }> {
  const auth = member.pinned.connection.auth;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, member.pinned.connection.server),
      {
        method,
        agent: member.agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': contentType } : {}),
          ...('token' in auth ? { authorization: `Bearer ${auth.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          // Health endpoints (/readyz) answer plain text.
          const parsed = (() => {
            try {
              return text ? (JSON.parse(text) as unknown) : {};
            } catch {
              return text;
            }
          })();
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const idleClosed = req.reusedSocket && error.code === 'ECONNRESET';
      reject(idleClosed ? new ClosedIdleSocket(error.message, { cause: error }) : error);
    });
    req.end(payload);
  });
}
