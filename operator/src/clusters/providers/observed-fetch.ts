// The fetch the vendor adapters get (connector.ts): each call to a cloud vendor's API traced and
// its failures counted per vendor (docs/metrics.md). A refusal (4xx/5xx) counts as an error
// here even when the adapter turns it into a clearer message.
import { vendorApiErrors } from '../../observability/metrics.js';
import { SpanKind, markFailed, traced } from '../../observability/tracing.js';

export function observedFetch(vendor: string, inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const attributes = {
      'nimbus.vendor': vendor,
      'http.request.method': method,
      'server.address': url.host,
    };
    return traced(
      `vendor ${vendor}`,
      attributes,
      async (span) => {
        try {
          const response = await inner(input, init);
          span.setAttribute('http.response.status_code', response.status);
          if (response.status >= 400) {
            vendorApiErrors.inc({ vendor });
            markFailed(span, new Error(`HTTP ${response.status}`));
          }
          return response;
        } catch (error) {
          vendorApiErrors.inc({ vendor });
          throw error;
        }
      },
      SpanKind.CLIENT,
    );
  };
}
