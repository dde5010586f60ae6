import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Security headers for the API and the console. antd's CSS-in-JS injects <style> elements at
 * runtime, hence 'unsafe-inline' for styles only; scripts stay 'self'.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    // TLS ends at the ingress in front of the operator, which owns the HSTS policy for the domain.
    strictTransportSecurity: false,
  });
}
