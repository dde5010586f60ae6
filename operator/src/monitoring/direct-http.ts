// A monitor reached at a direct URL, which only a system administrator may set (the usual way is
// the member's service proxy, monitor-http.ts). Every request passes the operator's outbound
// policy (plain http only to private networks, docs/decisions/monitoring.md) and dials the checked
// addresses only, over keep-alive agents kept per origin and addresses.
import http from 'node:http';
import https from 'node:https';
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import type { OutboundPolicy, Resolver } from '../clusters/ssrf-policy.js';
import { checkOutboundUrl } from '../clusters/ssrf-policy.js';
import { pinnedLookup } from '../member/transport/pinned-dial.js';
import type { MonitorHttp } from './monitor-http.js';
import { MonitorCallError, pathWithQuery } from './monitor-http.js';

export interface DirectHttpOptions {
  /** The monitor's address, e.g. http://10.0.0.5:9090 or https://prom.example/prometheus. */
  baseUrl: string;
  policy: OutboundPolicy;
  resolve?: Resolver;
  clock?: Clock;
}

/** A change of the addresses (DNS, a new monitor address) gets a new agent, still pinned. */
const agents = new Map<string, http.Agent>();
const maxAgents = 256;

function agentFor(url: URL, addresses: readonly string[]): http.Agent {
  const key = `${url.origin}|${addresses.join(',')}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 16, lookup: pinnedLookup(addresses) };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    if (agents.size >= maxAgents) {
      const [oldest] = agents.keys();
      if (oldest !== undefined) {
        agents.get(oldest)?.destroy();
        agents.delete(oldest);
      }
    }
    agents.set(key, agent);
  }
  return agent;
}

export function directHttp(options: DirectHttpOptions): MonitorHttp {
  const clock = options.clock ?? realClock;
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async request(request, { timeoutMs, maxBytes }) {
      const check = await checkOutboundUrl(
        `${base}${pathWithQuery(request)}`,
        options.policy,
        options.resolve,
        { plainHttp: 'private-network' },
      );
      if (!check.ok)
        throw new MonitorCallError('refused', `the monitor address is refused: ${check.reason}`);
      const { url, addresses } = check;
      const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
      return new Promise((resolve, reject) => {
        let settled = false;
        const call = (url.protocol === 'https:' ? https : http).request(url, {
          method: request.method,
          headers: {
            accept: 'application/json',
            'user-agent': 'nimbus-operator',
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
          },
          agent: agentFor(url, addresses),
        });
        const settle = (error: unknown, answer?: { status: number; body: Buffer }) => {
          if (settled) return;
          settled = true;
          clock.clearTimeout(deadline);
          if (answer) resolve(answer);
          else {
            call.destroy();
            reject(
              error instanceof MonitorCallError
                ? error
                : new MonitorCallError('unreachable', `no answer: ${(error as Error).message}`),
            );
          }
        };
        const deadline = clock.setTimeout(() => {
          settle(new MonitorCallError('timeout', `no answer within ${timeoutMs} ms`));
        }, timeoutMs);
        call.on('error', settle);
        call.on('response', (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= maxBytes) chunks.push(chunk);
            else
              settle(
                new MonitorCallError('too-large', `the answer is larger than ${maxBytes} bytes`),
              );
          });
          response.on('error', settle);
          response.on('end', () =>
            settle(undefined, { status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
        });
        call.end(payload);
      });
    },
  };
}
