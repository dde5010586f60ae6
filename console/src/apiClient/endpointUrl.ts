import type { BodyFor, EndpointId, ParamsFor, QueryFor } from '@nimbus/api';
import { endpointMethods, endpointPaths, pathPattern, silentEndpoints } from '@nimbus/api/shared';
import { API_BASE_PATH } from '../constants';
import { productHost } from '../config/productHost';

/**
 * Every parameter the path names, as any text: which values the operator accepts (a workload
 * kind an endpoint serves) is its to say, in the refusal it answers.
 */
export type PathValues<P> = { [Name in keyof P]-?: string | number };

/**
 * The path of contract endpoint `id` below the API base, its `{host}` and `:parameters` filled in
 * (each value percent-encoded as one segment): the console never writes an API path again.
 */
export function endpointUrl<K extends EndpointId>(id: K, params: PathValues<ParamsFor<K>>): string {
  const values = params as Record<string, string | number>;
  return endpointPaths[id]
    .replace('{host}', productHost())
    .replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`${id}: path parameter ${name} is missing`);
      return encodeURIComponent(String(value));
    });
}

/** A request of contract endpoint `id`: the contract's method, the URL and the body it sends. */
export interface EndpointRequest {
  url: string;
  method: (typeof endpointMethods)[EndpointId];
  body?: unknown;
}

/**
 * The query string of `query`. A value left undefined is not sent (an empty text is: the core
 * API group is `group=`); a list is sent as the key repeated (`label=a&label=b`).
 */
function queryString(query: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null) search.append(key, String(one));
    }
  }
  const encoded = search.toString();
  return encoded === '' ? '' : `?${encoded}`;
}

/**
 * The request that calls contract endpoint `id`, its method from the contract and its query
 * typed by it: the console never writes an API method or query string again.
 */
export function endpointRequest<K extends EndpointId>(
  id: K,
  params: PathValues<ParamsFor<K>>,
  body?: BodyFor<K>,
  query?: QueryFor<K>,
): EndpointRequest {
  const url = `${endpointUrl(id, params)}${query ? queryString(query) : ''}`;
  const request: EndpointRequest = { url, method: endpointMethods[id] };
  if (body !== undefined) request.body = body;
  return request;
}

/** The request that reads contract endpoint `id` with a query the contract types. */
export function endpointQuery<K extends EndpointId>(
  id: K,
  params: PathValues<ParamsFor<K>>,
  query: QueryFor<K>,
): EndpointRequest {
  return endpointRequest(id, params, undefined, query);
}

/** Any path of endpoint `id`: its host and each parameter as any one segment. */
export function endpointPattern(id: EndpointId): RegExp {
  return pathPattern(endpointPaths[id]);
}

/**
 * Requests whose non-zero codes never raise an error notification: the contract marks them
 * silent (the API document, the alert-metrics notifications). Matched below the API base.
 */
export const SILENT_REQUEST_PATHS: readonly RegExp[] = silentEndpoints.map(endpointPattern);

/**
 * The address of a download from contract endpoint `id` (an export): a plain link the browser
 * saves to a file with the session cookie, so nothing of it passes through the page's memory.
 */
export function endpointDownloadUrl<K extends EndpointId>(
  id: K,
  params: PathValues<ParamsFor<K>>,
  query: QueryFor<K>,
): string {
  return `${API_BASE_PATH}${endpointQuery(id, params, query).url}`;
}
