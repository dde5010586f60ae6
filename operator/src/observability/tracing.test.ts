import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runController } from '../controllers/controller.js';
import { observedCall } from '../member/transport/observed.js';
import type { MemberTransport } from '../member/transport/transport.js';
import { fakeClock } from '../testing/fake-clock.js';
import type { IdentityTestApp } from '../testing/identity.js';
import { startIdentityApp } from '../testing/identity.js';
import { captureLogs } from '../testing/logs.js';
import { memoryRecorder } from '../testing/memory-events.js';
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
