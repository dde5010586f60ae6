// Spans around the operator's units of work (docs/tracing.md). Only the OpenTelemetry API is
// used here: without a registered SDK (tracing off, the default) every call is a no-op.
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { Attributes, Span } from '@opentelemetry/api';

export { SpanKind };
export type { Attributes, Span };

export const tracerName = 'nimbus-operator';

const tracer = () => trace.getTracer(tracerName);

/**
 * Runs fn inside a new span (the current one's child), ended when fn settles. A failure marks
 * the span as an error with the error's class name only: messages may quote request details.
 */
export function traced<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

export function markFailed(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.name : 'error',
  });
}

/**
 * Starts a server span for an incoming request, continuing the caller's trace when it sent a W3C
 * traceparent, and runs `next` inside it so everything the request does becomes its children.
 */
export function serveInSpan(
  name: string,
  headers: Record<string, string | string[] | undefined>,
  attributes: Attributes,
  next: (span: Span) => void,
): void {
  const parent = propagation.extract(context.active(), headers);
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  context.with(trace.setSpan(parent, span), () => next(span));
}
