import type { OpenApiDocument } from '@nimbus/api';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import './OpenApiRenderer.css';
import { readSession } from '../../session/session';
import { asConsoleRequest, type TryItOutRequest } from './consoleRequest';

/**
 * The API document rendered by Swagger UI (loaded with the first visit of /swagger). It reads
 * nothing from the page URL (no `?url=` or configuration from the query), fetches nothing
 * itself, and "Try it out" goes through the console's session (consoleRequest.ts).
 *
 * Swagger UI draws only the operations in view once a document has 150 tags and operations
 * or more (ours has), so the filter box is on: typing a tag or a path narrows the list.
 */
export default function OpenApiRenderer({ document }: { document: OpenApiDocument }) {
  // The store's copy is frozen; the renderer gets its own to work on.
  const spec = useMemo(() => structuredClone(document), [document]);
  const host = useRef<HTMLDivElement>(null);
  const serversLabel = useTranslation().t('swagger.servers');
  useEffect(() => {
    const container = host.current;
    if (!container) return undefined;
    // Swagger UI draws its server picker without a label; it is named once drawn.
    const name = () =>
      container
        .querySelectorAll('select#servers:not([aria-label])')
        .forEach((select) => select.setAttribute('aria-label', serversLabel));
    name();
    const observer = new MutationObserver(name);
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [serversLabel]);
  return (
    <div data-testid="openapi-renderer" className="nimbus-openapi" ref={host}>
      <SwaggerUI
        spec={spec}
        queryConfigEnabled={false}
        deepLinking={false}
        docExpansion="list"
        filter
        defaultModelsExpandDepth={-1}
        requestInterceptor={(request) =>
          asConsoleRequest(request as TryItOutRequest, readSession())
        }
      />
    </div>
  );
}
