import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import type { Logger } from '../logger.js';

/**
 * Which proxies in front of the operator are believed about the client (NIMBUS_TRUST_PROXY):
 * none (false), the nearest N hops, or hops from these addresses and CIDRs (or proxy-addr's
 * names loopback, linklocal, uniquelocal). Express's `trust proxy` setting takes it as is.
 */
export type TrustProxy = false | number | readonly string[];

/**
 * The address a login attempt is counted against: the TCP peer, or, behind trusted proxies, the
 * first X-Forwarded-For hop (from the right) that is not one of them (the app's trust proxy).
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, embedded IPv4 converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key an address is throttled under. One IPv6 host usually holds a whole /64 (SLAAC,
 * privacy addresses), so its /64 is one address; an IPv4-mapped IPv6 address (a dual-stack
 * socket's view of an IPv4 client) is that IPv4 address. Anything else is kept as it is.
 */
export function addressGroup(address: string): string {
  if (!isIPv6(address.split('%')[0] ?? '')) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The host the client addressed (X-Forwarded-Host behind a trusted proxy), for same-origin. */
export function requestHost(req: Request): string | undefined {
  return req.host;
}

/** Whether the client reached the console over TLS (X-Forwarded-Proto behind a trusted proxy). */
export function isSecureRequest(req: Request): boolean {
  return req.secure;
}

const forwardedHeaders = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;
/** At most one warning this often, whatever the number of peers. */
const warningIntervalMs = 60_000;
/** Peers remembered as warned about; the memory starts over when it is full. */
const maxWarnedPeers = 1_000;

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Notices X-Forwarded-* headers from a peer the app does not trust as a proxy: they are ignored
 * (the peer is the client), which behind an ingress usually means NIMBUS_TRUST_PROXY is not set,
 * so every client shares the ingress's address in the throttles and cookies lose `Secure`. Logs a
 * warning once per peer, at most once a minute.
 */
export class UntrustedForwardingNotice {
  private readonly warned = new Set<string>();
  private lastWarning = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  check(req: Request): void {
    const sent = forwardedHeaders.filter((name) => req.headers[name] !== undefined);
    if (sent.length === 0) return;
    const peer = req.socket.remoteAddress ?? 'unknown';
    const trusted = req.app.get('trust proxy fn') as TrustFunction | undefined;
    if (trusted?.(peer, 0) === true || this.warned.has(peer)) return;
    const now = this.now();
    if (now - this.lastWarning < warningIntervalMs) return;
    if (this.warned.size >= maxWarnedPeers) this.warned.clear();
    this.warned.add(peer);
    this.lastWarning = now;
    this.logger.warn(
      { peer, headers: sent },
      'forwarded headers from a peer that is not a trusted proxy were ignored; behind an ingress or load balancer set NIMBUS_TRUST_PROXY (the chart value trustProxy)',
    );
  }
}
