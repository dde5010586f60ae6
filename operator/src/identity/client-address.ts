import { isIPv4, isIPv6 } from 'node:net';
import type { Logger } from '../logger.js';

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

const forwardedHeaders = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;
/** At most one warning this often, whatever the number of peers. */
const warningIntervalMs = 60_000;
/** Peers remembered as warned about; the memory starts over when it is full. */
const maxWarnedPeers = 1_000;

/** What the notice needs of a request: the headers, the TCP peer and whether it is trusted. */
export interface ForwardedRequest {
  headers: Readonly<Record<string, unknown>>;
  peer: string;
  peerTrusted: boolean;
}

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

  check({ headers, peer, peerTrusted }: ForwardedRequest): void {
    const sent = forwardedHeaders.filter((name) => headers[name] !== undefined);
    if (sent.length === 0) return;
    if (peerTrusted || this.warned.has(peer)) return;
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
