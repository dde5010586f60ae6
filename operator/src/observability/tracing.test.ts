import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClusterConnector } from '../clusters/connector.js';
import { awsProvider } from '../clusters/providers/aws.js';
import { createProviderRegistry } from '../clusters/providers/registry.js';
import { runController } from '../controllers/controller.js';
import { observedCall } from '../member/transport/observed.js';
import type { MemberTransport } from '../member/transport/transport.js';
import { fakeClock } from '../testing/fake-clock.js';
import type { IdentityTestApp } from '../testing/identity.js';
import { startIdentityApp } from '../testing/identity.js';
import { captureLogs } from '../testing/logs.js';
import { memoryRecorder } from '../testing/memory-events.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { signedInUser } from '../testing/org-fixtures.js';
import { samplerFrom, startTracing, tracingRequested } from './tracing-sdk.js';
import { traced } from './tracing.js';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
});
afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});
afterEach(() => exporter.reset());

const spanNamed = (name: string): ReadableSpan | undefined =>
  exporter.getFinishedSpans().find((span) => span.name === name);

describe('HTTP request spans', () => {
  let app: IdentityTestApp;
  beforeAll(async () => {
    app = await startIdentityApp();
  });
  afterAll(() => app.close());

  it('continue the caller’s trace, named by the route, with the request id and the user, never the password', async () => {
    const token = await signedInUser(app, 'tracy', []);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await fetch(`${app.url}/api/v1/iam.nimbus.io/users/tracy`, {
      headers: {
        Authorization: `Bearer ${token}`,
        traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
        'X-Request-Id': 'trace-test-request-1',
      },
    });
    expect(response.status).toBe(200);
    const span = exporter
      .getFinishedSpans()
      .find((s) => s.attributes['nimbus.request_id'] === 'trace-test-request-1');
    expect(span?.name).toMatch(/^GET \/api\/v1\/iam\.nimbus\.io\/users\//);
    expect(span?.spanContext().traceId).toBe(traceId);
    expect(span?.attributes).toMatchObject({
      'enduser.id': 'tracy',
      'http.request.method': 'GET',
      'http.response.status_code': 200,
    });
    // The sign-in before it: a span of its own, and nothing of its body.
    const everything = JSON.stringify(exporter.getFinishedSpans().map((s) => s.attributes));
    expect(everything).not.toContain('secret12');
    expect(everything).not.toContain(token);
  });

  it('leaves the kubelet probes out', async () => {
    await fetch(`${app.url}/healthz`);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

describe('work spans', () => {
  it('wrap each reconcile, and member calls inside it become its children', async () => {
    const member: MemberTransport = {
      request: () =>
        Promise.resolve({
          status: 200,
          headers: {},
          body: Buffer.alloc(0),
          json: () => ({}) as never,
        }),
      stream: () => Promise.reject(new Error('unused')),
      upgrade: () => Promise.reject(new Error('unused')),
      close: () => undefined,
      retire: () => undefined,
    };
    const transport = observedCall(
      member,
      { server: 'https://x', auth: { token: 'secret-token' } },
      'member-z',
    );
    const clock = fakeClock();
    const running = runController(
      {
        name: 'traced-probe',
        watches: [],
        keys: () => ['ns/object'],
        reconcile: async () => {
          await transport.request('operator', { path: '/api/v1/namespaces?labelSelector=x' });
          return undefined;
        },
      },
      { clock, events: memoryRecorder(clock).recorder, logger: captureLogs().logger },
    );
    await running.idle();
    running.stop();
    const reconcile = spanNamed('reconcile traced-probe');
    const call = spanNamed('member GET');
    expect(reconcile?.attributes).toMatchObject({
      'nimbus.controller': 'traced-probe',
      'nimbus.key': 'ns/object',
    });
    expect(call?.attributes).toMatchObject({
      'nimbus.cluster': 'member-z',
      'url.path': '/api/v1/namespaces',
      'http.response.status_code': 200,
    });
    expect(call?.parentSpanContext?.spanId).toBe(reconcile?.spanContext().spanId);
    expect(JSON.stringify(call?.attributes)).not.toContain('secret-token');
  });

  it('marks a failed unit of work as an error, naming only the error class', async () => {
    await expect(
      traced('helm install', {}, () => Promise.reject(new TypeError('password=hunter2'))),
    ).rejects.toThrow(TypeError);
    const span = spanNamed('helm install');
    expect(span?.status).toEqual({ code: 2, message: 'TypeError' });
  });
});

describe('vendor call spans', () => {
  const ca = Buffer.from('-----BEGIN CERTIFICATE-----\nZmFrZQ==\n-----END CERTIFICATE-----\n');
  // Temporary keys: the session token travels in a header of its own (X-Amz-Security-Token).
  const credentials = {
    accessKeyId: 'ASIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI-probe-secret',
    sessionToken: 'session-token-probe-FwoGZXIvYXdzEJr',
  };
  const target = { region: 'eu-west-1', vendorClusterId: 'prod' };
  const described = {
    cluster: {
      endpoint: 'https://prod.eks.example.com',
      certificateAuthority: { data: ca.toString('base64') },
    },
  };

  /** The connector as the operator wires it; `answer` gets each vendor call, which is recorded. */
  function connectWith(answer: () => Promise<Response>) {
    const sent: Headers[] = [];
    const connector = createClusterConnector(
      createMemoryStore(),
      createProviderRegistry([awsProvider]),
      {
        policy: {},
        timeoutMs: 1_000,
        endpoints: { eks: 'https://eks.vendor.test', sts: 'https://sts.vendor.test' },
        resolve: () => Promise.resolve(['10.0.0.5']),
        fetch: (_input, init) => {
          sent.push(new Headers(init?.headers));
          return answer();
        },
      },
    );
    return {
      sent,
      connect: () =>
        connector.connect(awsProvider, target, credentials).then(
          () => undefined,
          (error: unknown) => error,
        ),
    };
  }

  const vendorSpans = () =>
    exporter.getFinishedSpans().filter((span) => span.name === 'vendor ProviderAWS');

  /** Everything a span carries to the collector, as text. */
  const exported = (span: ReadableSpan) =>
    JSON.stringify({
      name: span.name,
      attributes: span.attributes,
      status: span.status,
      events: span.events,
      links: span.links,
      resource: span.resource.attributes,
    });

  /** The secrets of the call: the keys' secret and session token, and what was signed with them. */
  const secretsOf = (sent: Headers[]) => {
    const authorization = sent[0]?.get('authorization') ?? '';
    const signature = /Signature=([0-9a-f]+)/.exec(authorization)?.[1] ?? '';
    expect(authorization).toContain(credentials.accessKeyId);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(sent[0]?.get('x-amz-security-token')).toBe(credentials.sessionToken);
    return [
      credentials.secretAccessKey,
      credentials.sessionToken,
      credentials.accessKeyId,
      authorization,
      signature,
      'k8s-aws-v1.',
    ];
  };

  it('makes one client span per call, with the vendor, method, host and status, and no secret', async () => {
    const call = connectWith(() => Promise.resolve(Response.json(described)));
    expect(await call.connect()).toBeUndefined();
    expect(call.sent).toHaveLength(1);
    const spans = vendorSpans();
    expect(spans).toHaveLength(1);
    const [span] = spans as [ReadableSpan];
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.attributes).toEqual({
      'nimbus.vendor': 'ProviderAWS',
      'http.request.method': 'GET',
      'server.address': 'eks.vendor.test',
      'http.response.status_code': 200,
    });
    expect(span.status).toEqual({ code: SpanStatusCode.UNSET });
    for (const secret of secretsOf(call.sent)) expect(exported(span)).not.toContain(secret);
  });

  it('marks a refused call as an error with its status, and quotes nothing the vendor said', async () => {
    const call = connectWith(() =>
      Promise.resolve(
        Response.json(
          { message: `The security token ${credentials.sessionToken} is invalid` },
          { status: 403, headers: { 'x-amzn-errortype': 'UnrecognizedClientException' } },
        ),
      ),
    );
    expect(await call.connect()).toBeInstanceOf(Error);
    const [span] = vendorSpans() as [ReadableSpan];
    expect(span.attributes['http.response.status_code']).toBe(403);
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Error' });
    for (const secret of secretsOf(call.sent)) expect(exported(span)).not.toContain(secret);
    expect(exported(span)).not.toContain('UnrecognizedClientException');
  });

  it('marks a call that got no answer as an error, naming only the error class', async () => {
    const call = connectWith(() =>
      Promise.reject(new TypeError(`fetch failed: ${credentials.secretAccessKey}`)),
    );
    expect(await call.connect()).toBeInstanceOf(Error);
    const [span] = vendorSpans() as [ReadableSpan];
    expect(span.attributes).not.toHaveProperty('http.response.status_code');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'TypeError' });
    for (const secret of secretsOf(call.sent)) expect(exported(span)).not.toContain(secret);
  });
});

describe('turning tracing on', () => {
  it('is off without an OTLP endpoint, or when the SDK or the exporter is disabled', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toBe(true);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }),
    ).toBe(true);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(
      tracingRequested({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_TRACES_EXPORTER: 'none',
      }),
    ).toBe(false);
    expect(startTracing({}, { version: '1', instance: 'i' })).toBeUndefined();
  });

  it('refuses a protocol or sampler it does not know, by name', () => {
    const on = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' };
    expect(() =>
      startTracing({ ...on, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, { version: '1', instance: 'i' }),
    ).toThrow('OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported');
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(
      'OTEL_TRACES_SAMPLER=sometimes is not one of',
    );
    expect(() =>
      samplerFrom({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' }),
    ).toThrow('ratio from 0 to 1');
    expect(
      samplerFrom({
        OTEL_TRACES_SAMPLER: 'traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.5',
      }).toString(),
    ).toContain('0.5');
  });
});
