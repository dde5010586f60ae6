import type { IncomingMessage } from 'node:http';
import type { Express, Request } from 'express';

/**
 * A handshake request seen through the app's request prototype, as Express sees its own
 * requests: req.get, req.query, req.ip, req.host and req.secure then follow the app's settings
 * (trust proxy, query parser), so the upgrade handler reads a call exactly as a router would.
 */
export function asAppRequest(app: Express, incoming: IncomingMessage): Request {
  Object.setPrototypeOf(incoming, app.request);
  const req = incoming as Request;
  req.originalUrl = incoming.url ?? '/';
  return req;
}
