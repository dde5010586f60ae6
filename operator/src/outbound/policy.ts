import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The one SSRF policy for every outbound URL the operator dials on a user's behalf: member API
 * servers, Prometheus, Alertmanager, registries and chart repositories.
 *
 * Private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) are deliberately allowed:
 * on-premise and VPC-internal clusters live there and registering them is the product's job. What
 * is refused is what can never be a legitimate remote endpoint and is a classic SSRF target: the
 * operator's own host (loopback, unspecified), link-local neighbours, multicast/reserved space and
 * the cloud metadata services that hand out the node's credentials.
 */
export interface OutboundPolicy {
  /**
   * Exact `host` or `host:port` entries (an operator setting, e.g. the test bed's loopback API
   * servers). A listed host skips the address checks and may use plain http. An entry without a
   * port matches every port of that host.
   */
  allowHosts?: readonly string[];
}

export type Resolver = (host: string) => Promise<string[]>;

/**
 * Where plain http may be dialled. Always: allow-listed hosts. With `private-network` (monitor
 * endpoints: Prometheus and Alertmanager usually serve plain http inside a VPC) also hosts whose
 * every address is in a private range; a public address still needs https. docs/decisions/monitoring.md.
 */
export interface OutboundOptions {
  plainHttp?: 'allow-listed' | 'private-network';
}

export type OutboundCheck =
  { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };

type Family = 'ipv4' | 'ipv6';

// First match wins, so the specific metadata addresses come before the ranges that contain them.
const REFUSED_IPV4: readonly (readonly [string, number, string])[] = [
  ['169.254.169.254', 32, 'a cloud metadata address'],
  ['100.100.100.200', 32, 'a cloud metadata address (Alibaba Cloud)'],
  ['168.63.129.16', 32, 'a cloud platform address (Azure WireServer)'],
  ['0.0.0.0', 8, 'an unspecified address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

const REFUSED_IPV6: readonly (readonly [string, number, string])[] = [
  ['fd00:ec2::254', 128, 'a cloud metadata address (AWS)'],
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['fe80::', 10, 'a link-local address'],
  ['ff00::', 8, 'a multicast address'],
];

// IPv6 forms that carry an IPv4 address and reach it: IPv4-mapped, NAT64 and IPv4-compatible.
const IPV4_IN_IPV6_PREFIXES = ['::ffff:', '64:ff9b::', '::'] as const;

const METADATA_HOSTNAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

interface RefusedRange {
  list: BlockList;
  family: Family;
  label: string;
}

function range(network: string, prefix: number, family: Family, label: string): RefusedRange {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, label };
}

const REFUSED_RANGES: readonly RefusedRange[] = [
  ...REFUSED_IPV4.map(([net, prefix, label]) => range(net, prefix, 'ipv4', label)),
  ...REFUSED_IPV6.map(([net, prefix, label]) => range(net, prefix, 'ipv6', label)),
  ...IPV4_IN_IPV6_PREFIXES.flatMap((wrapper) =>
    REFUSED_IPV4.map(([net, prefix, label]) =>
      range(`${wrapper}${net}`, 96 + prefix, 'ipv6', `${label} embedded in IPv6`),
    ),
  ),
];

const PRIVATE_RANGES: readonly RefusedRange[] = [
  range('10.0.0.0', 8, 'ipv4', 'private'),
  range('172.16.0.0', 12, 'ipv4', 'private'),
  range('192.168.0.0', 16, 'ipv4', 'private'),
  range('100.64.0.0', 10, 'ipv4', 'shared (carrier-grade NAT)'),
  range('fc00::', 7, 'ipv6', 'unique local'),
];

/** Whether an IP address is in a private (non-Internet-routable, not loopback) range. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 0) return false;
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  return PRIVATE_RANGES.some((r) => r.family === family && r.list.check(bare, family));
}

/** Why an IP address may not be dialled, or undefined when it may. */
export function refusedAddressReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 0) return 'is not an IP address';
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  const hit = REFUSED_RANGES.find((r) => r.family === family && r.list.check(bare, family));
  return hit ? `is ${hit.label}` : undefined;
}

export const systemResolver: Resolver = async (host) => {
  const results = await lookup(host, { all: true, verbatim: true });
  return results.map((r) => r.address);
};

function defaultPort(protocol: string): string {
  return protocol === 'http:' ? '80' : '443';
}

// Parsed through the WHATWG URL parser so "2130706433" and "127.0.0.1" compare equal.
function parseAllowEntry(entry: string): { hostname: string; port?: string } | undefined {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match?.[1]) return undefined;
  try {
    const hostname = new URL(`https://${match[1]}`).hostname.replace(/\.$/, '');
    return match[2] === undefined ? { hostname } : { hostname, port: match[2] };
  } catch {
    return undefined;
  }
}

function isAllowListed(url: URL, hostname: string, policy: OutboundPolicy): boolean {
  const port = url.port || defaultPort(url.protocol);
  return (policy.allowHosts ?? []).some((entry) => {
    const allowed = parseAllowEntry(entry);
    return allowed?.hostname === hostname && (allowed.port === undefined || allowed.port === port);
  });
}

function refuse(reason: string): OutboundCheck {
  return { ok: false, reason };
}

/**
 * Checks a URL before anything dials it. On success the resolved addresses are returned so the
 * caller can pin the connection to them; resolving again at connect time would reopen DNS
 * rebinding.
 */
export async function checkOutboundUrl(
  raw: string,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
  options: OutboundOptions = {},
): Promise<OutboundCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('the URL is not a valid absolute URL');
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('the URL must not contain a user name or password');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse(`the URL scheme "${url.protocol.slice(0, -1)}" is not allowed; use https`);
  }
  const hostname = url.hostname.replace(/\.$/, '');
  if (hostname === '') return refuse('the URL has no host');
  const allowListed = isAllowListed(url, hostname, policy);
  const plainHttp = url.protocol === 'http:' && !allowListed;
  if (plainHttp && options.plainHttp !== 'private-network') {
    return refuse(`plain http is not allowed for host "${hostname}"; use https`);
  }
  const refusePublicPlainHttp = (address: string): OutboundCheck | undefined =>
    plainHttp && !isPrivateAddress(address)
      ? refuse(
          `plain http is only allowed to private network addresses, and "${hostname}" is ${address}; use https`,
        )
      : undefined;

  const literal = hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0) {
    const reason = allowListed ? undefined : refusedAddressReason(literal);
    if (reason) return refuse(`host "${hostname}" ${reason}`);
    return refusePublicPlainHttp(literal) ?? { ok: true, url, addresses: [literal] };
  }
  if (!allowListed && METADATA_HOSTNAMES.has(hostname)) {
    return refuse(`host "${hostname}" is a cloud metadata service`);
  }
  if (!allowListed && (hostname === 'localhost' || hostname.endsWith('.localhost'))) {
    return refuse(`host "${hostname}" is a loopback name`);
  }

  let addresses: string[];
  try {
    addresses = await resolve(hostname);
  } catch {
    return refuse(`host "${hostname}" could not be resolved`);
  }
  if (addresses.length === 0) return refuse(`host "${hostname}" resolved to no address`);
  for (const address of addresses) {
    if (isIP(address) === 0) return refuse(`host "${hostname}" resolved to an invalid address`);
    const reason = allowListed ? undefined : refusedAddressReason(address);
    if (reason) return refuse(`host "${hostname}" resolves to ${address}, which ${reason}`);
    const publicPlainHttp = refusePublicPlainHttp(address);
    if (publicPlainHttp) return publicPlainHttp;
  }
  return { ok: true, url, addresses };
}
