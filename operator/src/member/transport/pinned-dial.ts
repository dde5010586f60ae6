import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { ClusterConnection } from '../connection.js';
import { pinnedLookup } from '../../outbound/pinned-lookup.js';

function pem(base64: string): string {
  return Buffer.from(base64, 'base64').toString('utf8');
}

/**
 * Everything needed to open a socket to one member: the pinned lookup, TLS trust and client
 * identity, and the SNI/certificate name, which stays the registered host name even though the
 * socket goes to a pinned IP.
 */
export interface PinnedDial {
  base: URL;
  secure: boolean;
  hostname: string;
  port: number;
  basePath: string;
  tls: Pick<https.AgentOptions, 'ca' | 'cert' | 'key' | 'servername'>;
  lookup: LookupFunction;
}

export function pinnedDial(
  connection: ClusterConnection,
  addresses: readonly string[],
): PinnedDial {
  const base = new URL(connection.server);
  const secure = base.protocol === 'https:';
  const hostname = base.hostname.replace(/^\[|\]$/g, '');
  const servername = connection.tlsServerName ?? (isIP(hostname) === 0 ? hostname : undefined);
  const auth = connection.auth;
  const tls: PinnedDial['tls'] = secure
    ? {
        ...(connection.certificateAuthorityData
          ? { ca: pem(connection.certificateAuthorityData) }
          : {}),
        ...(servername ? { servername } : {}),
        ...('clientCertificateData' in auth
          ? { cert: pem(auth.clientCertificateData), key: pem(auth.clientKeyData) }
          : {}),
      }
    : {};
  return {
    base,
    secure,
    hostname,
    port: Number(base.port || (secure ? 443 : 80)),
    basePath: base.pathname.replace(/\/+$/, ''),
    tls,
    lookup: pinnedLookup(addresses),
  };
}

const idleSocketMs = 30_000;

/** One keep-alive agent per cluster connection, with a bound on its sockets. */
export function pooledAgent(dial: PinnedDial, maxSockets: number): http.Agent {
  // `timeout` closes idle pooled sockets; a socket in use answers to the call's own deadline.
  const options = {
    keepAlive: true,
    maxSockets,
    maxFreeSockets: 8,
    timeout: idleSocketMs,
  };
  return dial.secure
    ? new https.Agent({ ...options, ...dial.tls, lookup: dial.lookup })
    : new http.Agent({ ...options, lookup: dial.lookup } as http.AgentOptions);
}
