import type { Request, RequestHandler, Response } from 'express';
import { requestContext } from '../request-context.js';
import { identityOf } from '../identity-locals.js';
import { onResponseDone } from '../response-done.js';
import { anonymous } from '../../audit/record.js';
import type { AuditDirectory, AuditOrganization } from '../../audit/organization.js';
import { fileableUnder } from '../../audit/organization.js';
import { addressedBy, addressedCluster } from './addressed.js';
import type { AuditedCall, AuditRecorder } from '../../audit/record-call.js';
import { resourceOf } from '../../audit/record-call.js';
import { auditTargetOf } from '../../audit/target.js';

interface CapturedEnvelope {
  code: number;
  message: string;
  userName?: string;
  /** Reaches a record only at RequestResponse level, and redacted: it may hold a new token. */
  data: unknown;
}

function envelopeOf(body: unknown): CapturedEnvelope | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message, data } = body as Record<string, unknown>;
  if (typeof code !== 'number' || typeof message !== 'string') return undefined;
  const userName =
    typeof data === 'object' && data !== null && 'userName' in data ? data.userName : undefined;
  return { code, message, userName: typeof userName === 'string' ? userName : undefined, data };
}

/** Sign-in is public, so no identity is attached yet; its own success answer names the user. */
function userNameOf(apiPath: string, res: Response, envelope?: CapturedEnvelope): string {
  const caller = identityOf(res)?.userName;
  if (caller) return caller;
  const signedIn = envelope?.code === 0 && /\/auth\.[^/]+\/login$/.test(apiPath);
  return signedIn && envelope.userName ? envelope.userName : anonymous;
}

/**
 * Hands every request it sees to the recorder, which applies the policy; mount it once in front
 * of all /api routers. Without a directory (no hub) a call's organization is the caller's
 * current one.
 */
export function auditMiddleware(
  record: AuditRecorder,
  host: string,
  directory?: AuditDirectory,
): RequestHandler {
  return (req, res, next) => {
    const requestTime = Date.now();
    const start = process.hrtime.bigint();
    // Routers below rewrite req.url while they run, so the path is taken now.
    const apiPath = req.path;
    const resource = resourceOf(apiPath, host);
    const service = resource.split('/')[0] ?? '';
    const organization = () => addressedBy(req, res, service, directory);
    // Taken when the route matches, before the handler runs: a call that deletes the cluster or
    // organization it addresses is still filed under it.
    let atRoute: AuditOrganization | null | undefined;
    requestContext(res).onRoute = () => {
      atRoute = organization();
    };
    let envelope: CapturedEnvelope | undefined;
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      envelope = envelopeOf(body);
      return send(body);
    };
    onResponseDone(res, () => {
      try {
        const addressed = atRoute === undefined ? organization() : atRoute;
        const acted = fileableUnder(addressed, identityOf(res), directory);
        const seen = { apiPath, resource, requestTime, start, envelope, organization: acted };
        record(callOf(req, res, seen));
      } catch (error) {
        requestContext(res).log.error({ err: error }, 'audit record could not be built');
      }
    });
    next();
  };
}

interface Observed {
  apiPath: string;
  resource: string;
  requestTime: number;
  start: bigint;
  envelope: CapturedEnvelope | undefined;
  organization: AuditOrganization | null;
}

function callOf(req: Request, res: Response, seen: Observed): AuditedCall {
  const { envelope } = seen;
  const service = seen.resource.split('/')[0] ?? '';
  return {
    method: req.method,
    originalUrl: req.originalUrl,
    headers: req.headers,
    body: req.body,
    resource: seen.resource,
    requestTime: seen.requestTime,
    start: seen.start,
    userName: userNameOf(seen.apiPath, res, envelope),
    organization: seen.organization,
    // 499: the client went away before an answer, as nginx and the request log name it.
    httpStatus: res.writableFinished ? res.statusCode : 499,
    code: envelope?.code ?? null,
    message: envelope?.message ?? '',
    responseData: envelope?.data,
    ...(requestContext(res).operation ? { operation: requestContext(res).operation } : {}),
    target: auditTargetOf({
      apiPath: seen.apiPath,
      cluster: addressedCluster(req, res, service),
      params: requestContext(res).params,
      body: req.body,
      operation: requestContext(res).operation,
    }),
  };
}
