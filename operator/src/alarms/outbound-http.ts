import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import type { OutboundFailure } from '../outbound/request.js';
import { outboundRequest } from '../outbound/request.js';

export interface OutboundOptions {
  policy: OutboundPolicy;
  resolve?: Resolver;
  timeoutMs: number;
  /** Alertmanager, like every monitor endpoint, may use plain http inside private networks. */
  plainHttp?: 'allow-listed' | 'private-network';
}

export interface JsonRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export class DeliveryError extends Error {}

const maxAnswerBytes = 64 * 1024;

/** Never the URL or the host: a Slack or WeChat webhook URL is a credential. */
function deliveryFailure(failure: OutboundFailure): DeliveryError {
  switch (failure.kind) {
    case 'refused':
      return new DeliveryError(`the endpoint is refused: ${failure.detail}`);
    case 'too-large':
      return new DeliveryError('the endpoint answered too much');
    case 'timeout':
      return new DeliveryError('the endpoint timed out');
    case 'failed':
      return new DeliveryError(failure.detail);
  }
}

/**
 * One JSON call to a receiver's endpoint (Slack, WeChat, an SMS gateway, Alertmanager): the URL
 * passes the SSRF policy, the socket dials the checked addresses, no redirect is followed and
 * the answer is bounded. The URL itself never appears in an error: a Slack webhook URL is a
 * credential.
 */
export async function requestJson(
  request: JsonRequest,
  options: OutboundOptions,
): Promise<{ status: number; body: unknown }> {
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  const answer = await outboundRequest({
    url: request.url,
    method: request.method,
    headers: {
      accept: 'application/json',
      'user-agent': 'nimbus-alarms',
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(payload === undefined ? {} : { body: payload }),
    policy: options.policy,
    resolve: options.resolve,
    ...(options.plainHttp ? { plainHttp: options.plainHttp } : {}),
    timeout: { idleMs: options.timeoutMs },
    maxBytes: maxAnswerBytes,
    failure: deliveryFailure,
  });
  const text = answer.body.toString('utf8');
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (Slack answers "ok"): the text is the answer.
  }
  return { status: answer.status, body };
}

/** requestJson that insists on a 2xx answer. */
export async function sendJson(request: JsonRequest, options: OutboundOptions): Promise<unknown> {
  const answer = await requestJson(request, options);
  if (answer.status < 200 || answer.status >= 300) {
    throw new DeliveryError(`the endpoint answered HTTP ${answer.status}`);
  }
  return answer.body;
}
