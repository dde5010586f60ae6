import http from 'node:http';
import https from 'node:https';
import type { OutboundPolicy, Resolver } from '../clusters/ssrf-policy.js';
import { checkOutboundUrl } from '../clusters/ssrf-policy.js';
import { pinnedLookup } from '../member/transport/pinned-dial.js';

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
  const check = await checkOutboundUrl(
    request.url,
    options.policy,
    options.resolve,
    options.plainHttp ? { plainHttp: options.plainHttp } : {},
  );
  if (!check.ok) throw new DeliveryError(`the endpoint is refused: ${check.reason}`);
  const { url, addresses } = check;
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const call = client.request(
      url,
      {
        method: request.method,
        lookup: pinnedLookup(addresses),
        headers: {
          accept: 'application/json',
          'user-agent': 'nimbus-alarms',
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
          ...request.headers,
        },
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxAnswerBytes) {
            response.destroy(new DeliveryError('the endpoint answered too much'));
          } else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text === '' ? undefined : JSON.parse(text);
          } catch {
            // Not JSON (Slack answers "ok"): the text is the answer.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    call.on('timeout', () => call.destroy(new DeliveryError('the endpoint timed out')));
    call.on('error', (error) =>
      reject(error instanceof DeliveryError ? error : new DeliveryError(error.message)),
    );
    call.end(payload);
  });
}

/** requestJson that insists on a 2xx answer. */
export async function sendJson(request: JsonRequest, options: OutboundOptions): Promise<unknown> {
  const answer = await requestJson(request, options);
  if (answer.status < 200 || answer.status >= 300) {
    throw new DeliveryError(`the endpoint answered HTTP ${answer.status}`);
  }
  return answer.body;
}
