// A monitor reached at a direct URL, which only a system administrator may set (the usual way is
// the member's service proxy, monitor-http.ts). Every request passes the operator's outbound
// policy (plain http only to private networks, docs/decisions/monitoring.md) and dials the checked
// addresses only, over keep-alive agents kept per origin and addresses.
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import { keepAliveAgent } from '../outbound/keep-alive-agents.js';
import type { OutboundFailure } from '../outbound/request.js';
import { outboundRequest } from '../outbound/request.js';
import type { MonitorHttp } from './monitor-http.js';
import { MonitorCallError, pathWithQuery } from './monitor-http.js';

export interface DirectHttpOptions {
  /** The monitor's address, e.g. http://10.0.0.5:9090 or https://prom.example/prometheus. */
  baseUrl: string;
  policy: OutboundPolicy;
  resolve?: Resolver;
  clock?: Clock;
}

/** The monitor's own kinds of failure; an error's text never carries the monitor's answer. */
function monitorFailure(failure: OutboundFailure): MonitorCallError {
  switch (failure.kind) {
    case 'refused':
      return new MonitorCallError('refused', `the monitor address is refused: ${failure.detail}`);
    case 'timeout':
      return new MonitorCallError('timeout', failure.detail);
    case 'too-large':
      return new MonitorCallError(
        'too-large',
        `the answer is larger than ${failure.maxBytes} bytes`,
      );
    case 'failed':
      return new MonitorCallError('unreachable', `no answer: ${failure.detail}`);
  }
}

export function directHttp(options: DirectHttpOptions): MonitorHttp {
  const clock = options.clock ?? realClock;
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async request(request, { timeoutMs, maxBytes }) {
      const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
      const answer = await outboundRequest({
        url: `${base}${pathWithQuery(request)}`,
        method: request.method,
        headers: {
          accept: 'application/json',
          'user-agent': 'nimbus-operator',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body: payload }),
        policy: options.policy,
        resolve: options.resolve,
        plainHttp: 'private-network',
        timeout: { totalMs: timeoutMs, clock },
        maxBytes,
        agent: keepAliveAgent,
        failure: monitorFailure,
      });
      return { status: answer.status, body: answer.body };
    },
  };
}
