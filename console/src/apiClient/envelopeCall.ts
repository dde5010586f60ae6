import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import {
  ERROR_NOTIFICATION_MS,
  REQUESTED_WITH_HEADER,
  ResponseCode,
  TOKEN_EXPIRY_DEBOUNCE_MS,
} from '../constants';
import { debounce } from '../lib/debounce';
import type { Session } from '../session/session';
import type { ApiDependencies } from './apiDependencies';
import type { ApiFeedback } from './apiFeedback';
import { SILENT_REQUEST_PATHS } from './endpointUrl';
import { isEnvelope, refusalIn, type EnvelopeErrorData } from './envelope';
import { sendOverHttp, type TransportArgs } from './envelopeTransport';
import { sessionHeaderEntries } from './sessionHeaders';

export interface EnvelopeExtraOptions {
  /** Never show an error notification for this request (codes 9998 and 9997 still apply). */
  silent?: boolean;
  /** Codes the caller answers itself (e.g. MFA required at sign-in): rejected without feedback. */
  expectedCodes?: readonly number[];
  /**
   * The endpoint answers a document, not an envelope (the OpenAPI file): a successful answer
   * that is no envelope is the data. Envelope answers and HTTP errors are handled as usual.
   */
  raw?: boolean;
}

export interface EnvelopeCallerOptions {
  /** Paths below the API base whose errors stay silent; the contract's silent ones by default. */
  silentPaths?: readonly RegExp[];
  tokenExpiryDebounceMs?: number;
}

/** Where a call is made from: the app's environment, and what RTK Query knows of it. */
export interface CallContext {
  dependencies: ApiDependencies;
  /** Mutations name the console in a header the operator requires of them. */
  type: 'query' | 'mutation';
  signal?: AbortSignal;
}

export type EnvelopeResult =
  | { data: unknown; error?: undefined; meta?: FetchBaseQueryMeta }
  | { error: FetchBaseQueryError; data?: undefined; meta?: FetchBaseQueryMeta };

export type EnvelopeCaller = (
  args: string | TransportArgs,
  context: CallContext,
  extraOptions?: EnvelopeExtraOptions,
) => Promise<EnvelopeResult>;

function applySessionHeaders(headers: Headers, session: Session): Headers {
  for (const [name, value] of sessionHeaderEntries(session)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return headers;
}

interface RequestLocation {
  /** Path and query, shown to the user. */
  display: string;
  /** Path below the API base, matched against the silent list. */
  belowBase: string;
}

function locate(
  meta: FetchBaseQueryMeta | undefined,
  args: string | TransportArgs,
  baseUrl: string,
): RequestLocation {
  const fallback = typeof args === 'string' ? args : args.url;
  if (!meta) return { display: fallback, belowBase: fallback };
  const url = new URL(meta.request.url);
  const basePath = new URL(baseUrl, url).pathname.replace(/\/$/, '');
  const belowBase = url.pathname.startsWith(basePath)
    ? url.pathname.slice(basePath.length)
    : url.pathname;
  return { display: url.pathname + url.search, belowBase };
}

const NOT_AN_ENVELOPE = 'Response is not a {code, message, data} envelope';

interface Failure {
  error: FetchBaseQueryError;
  /** The server's code, when it answered with an envelope. */
  code?: number;
  message: string;
  refusal?: EnvelopeErrorData['refusal'];
  /** The envelope's data (e.g. validation issues), when it had any. */
  detail?: unknown;
}

/** Turns any unsuccessful answer that reached the server into one failure description. */
function describeFailure(body: unknown, error: FetchBaseQueryError | undefined): Failure {
  if (isEnvelope(body)) {
    const refusal = refusalIn(body.data);
    const data: EnvelopeErrorData = {
      code: body.code,
      message: String(body.message ?? ''),
      ...(refusal ? { refusal } : {}),
      ...(body.data !== undefined && body.data !== null ? { detail: body.data } : {}),
    };
    return { error: { status: 'CUSTOM_ERROR', error: data.message, data }, ...data };
  }
  if (error) return { error, message: `HTTP ${String(error.status)}` };
  return { error: { status: 'CUSTOM_ERROR', error: NOT_AN_ENVELOPE }, message: NOT_AN_ENVELOPE };
}

/**
 * The single place where `{code, message, data}` is unwrapped and the error behaviour
 * happens: code 0 resolves to `data`; 9998, 9997, 1010 and other codes reject with the code and message
 * after telling the user; transport failures (network, parsing, time-out) reject untouched.
 * RTK Query calls it through the console's one base query (envelopeBaseQuery.ts); the sign-in
 * screen calls it directly, so the first screen loads without RTK Query.
 */
export function createEnvelopeCaller(options: EnvelopeCallerOptions = {}): EnvelopeCaller {
  const silentPaths = options.silentPaths ?? SILENT_REQUEST_PATHS;
  // Many requests fail together when a token expires; the user should see one prompt.
  const announceTokenExpiry = debounce(
    (feedback: ApiFeedback) => feedback.tokenExpired(),
    options.tokenExpiryDebounceMs ?? TOKEN_EXPIRY_DEBOUNCE_MS,
  );

  return async (args, { dependencies, type, signal }, extraOptions = {}) => {
    const { baseUrl, feedback, readSession } = dependencies;
    const headers = applySessionHeaders(new Headers(), readSession());
    if (type === 'mutation') headers.set(REQUESTED_WITH_HEADER.name, REQUESTED_WITH_HEADER.value);
    const { data, error, meta } = await sendOverHttp(baseUrl, args, headers, signal);
    const body: unknown = error ? error.data : data;
    if (isEnvelope(body) && body.code === ResponseCode.success) {
      return { data: body.data ?? null, meta };
    }
    if (extraOptions.raw && !error && !isEnvelope(body)) return { data: body, meta };
    if (error && typeof error.status !== 'number') return { error, meta };

    const failure = describeFailure(body, error);
    const location = locate(meta, args, baseUrl);
    const { code } = failure;
    if (code === ResponseCode.tokenInvalid) {
      announceTokenExpiry(feedback);
    } else if (code !== undefined && extraOptions.expectedCodes?.includes(code)) {
      // The caller shows its own answer.
    } else if (code === ResponseCode.noPermission) {
      const { refusal } = failure;
      feedback.noPermission({ url: location.display, ...(refusal ? { refusal } : {}) });
    } else if (code === ResponseCode.passwordChangeRequired) {
      feedback.passwordChangeRequired();
    } else if (!extraOptions.silent && !silentPaths.some((path) => path.test(location.belowBase))) {
      feedback.requestFailed({
        url: location.display,
        ...(code !== undefined ? { code } : {}),
        message: failure.message,
        ...(failure.detail !== undefined ? { detail: failure.detail } : {}),
        durationMs: ERROR_NOTIFICATION_MS,
      });
    }
    return { error: failure.error, meta };
  };
}
