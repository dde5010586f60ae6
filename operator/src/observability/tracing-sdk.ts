// Turns tracing on (docs/tracing.md): only when the standard OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set, unless OTEL_SDK_DISABLED=true or
// OTEL_TRACES_EXPORTER=none. The OTLP exporter reads the other OTEL_EXPORTER_OTLP_* variables
// (headers, timeout, certificates) itself.
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { Sampler } from '@opentelemetry/sdk-trace';

type Env = Readonly<Record<string, string | undefined>>;

export class TracingConfigError extends Error {}

/** Whether the environment asks for tracing at all. */
export function tracingRequested(env: Env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return (
    Boolean(endpoint?.trim()) &&
    env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' &&
    env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() !== 'none'
  );
}

/** OTEL_TRACES_SAMPLER and its argument; the SDK default (parentbased_always_on) otherwise. */
export function samplerFrom(env: Env): Sampler {
  const name = env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on';
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new TracingConfigError('OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1');
  }
  const samplers: Record<string, () => Sampler> = {
    always_on: () => new AlwaysOnSampler(),
    always_off: () => new AlwaysOffSampler(),
    traceidratio: () => new TraceIdRatioBasedSampler(ratio),
    parentbased_always_on: () => new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    parentbased_always_off: () => new ParentBasedSampler({ root: new AlwaysOffSampler() }),
    parentbased_traceidratio: () =>
      new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) }),
  };
  const make = samplers[name];
  if (!make) {
    throw new TracingConfigError(
      `OTEL_TRACES_SAMPLER=${name} is not one of ${Object.keys(samplers).join(', ')}`,
    );
  }
  return make();
}

export interface Tracing {
  /** Exports what is buffered and stops; bounded by the exporter's own timeout. */
  shutdown(): Promise<void>;
}

/**
 * Registers the SDK globally: W3C trace context in and out, AsyncLocalStorage for the active
 * span, batches of spans over OTLP/HTTP protobuf. Other protocols are refused by name.
 */
export function startTracing(
  env: Env,
  service: { version: string; instance: string },
): Tracing | undefined {
  if (!tracingRequested(env)) return undefined;
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  if (protocol.trim() !== 'http/protobuf') {
    throw new TracingConfigError(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: use http/protobuf (port 4318)`,
    );
  }
  const resource = resourceFromAttributes({
    'service.name': env.OTEL_SERVICE_NAME?.trim() || 'nimbus-operator',
    'service.version': service.version,
    'service.instance.id': service.instance,
  }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerFrom(env),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return { shutdown: () => provider.shutdown() };
}
