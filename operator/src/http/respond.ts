import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { CatalogueEntry } from '../core/errors.js';
import { success } from '../core/errors.js';
import { requestContext } from './request-context.js';

/** The shape of every /api response body. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(res: Response, data: T): void {
  const body: Envelope<T> = { code: success.code, message: success.message, data };
  res.status(success.status).json(body);
}

function failure(entry: CatalogueEntry, message: string, data: unknown): Envelope<unknown> {
  return { code: entry.code, message, data: data ?? null };
}

export function fail(res: Response, entry: CatalogueEntry, message: string, data: unknown): void {
  res.status(entry.status).json(failure(entry, message, data));
}

/**
 * The same error answer on a raw socket that never reached Express: a refused WebSocket
 * handshake gets a plain HTTP response with the envelope, then the connection is closed.
 */
export function failSocket(
  socket: Duplex,
  entry: CatalogueEntry,
  message: string,
  data: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = JSON.stringify(failure(entry, message, data));
  const lines = [
    `HTTP/1.1 ${entry.status} ${STATUS_CODES[entry.status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  else socket.destroy();
}

/**
 * Remembers the matched route template (for metrics) and its path parameters (for the audit
 * record, written after the routers have let go of req.params); must run inside a matched route.
 */
export function recordRoute(req: Request, res: Response): void {
  const path: unknown = req.route?.path;
  const context = requestContext(res);
  context.route = `${req.baseUrl}${typeof path === 'string' ? path : ''}`;
  context.params = { ...req.params };
  context.onRoute?.();
}

export type Handler<T> = (req: Request, res: Response) => T | Promise<T>;

/**
 * Adapts a handler that returns its data. Returning undefined means the handler wrote the
 * response itself (e.g. a download); thrown errors go to the one error handler.
 */
export function handle<T>(handler: Handler<T>): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    recordRoute(req, res);
    try {
      const data = await handler(req, res);
      if (data !== undefined && !res.headersSent) ok(res, data);
    } catch (error) {
      next(error);
    }
  };
}
