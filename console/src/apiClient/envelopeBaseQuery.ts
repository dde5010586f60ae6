import type { BaseQueryFn, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { apiDependenciesOf } from './apiDependencies';
import {
  createEnvelopeCaller,
  type EnvelopeCallerOptions,
  type EnvelopeExtraOptions,
} from './envelopeCall';
import type { TransportArgs } from './envelopeTransport';

export type EnvelopeBaseQueryOptions = EnvelopeCallerOptions;

export type EnvelopeBaseQuery = BaseQueryFn<
  string | TransportArgs,
  unknown,
  FetchBaseQueryError,
  EnvelopeExtraOptions,
  FetchBaseQueryMeta
>;

/**
 * The console's one base query: the envelope caller (envelopeCall.ts), with the environment
 * the store was created with (its thunk extra argument).
 */
export function createEnvelopeBaseQuery(options: EnvelopeBaseQueryOptions = {}): EnvelopeBaseQuery {
  const call = createEnvelopeCaller(options);
  // RTK Query passes undefined when an endpoint sets no extraOptions.
  return (args, api, extraOptions) =>
    call(
      args,
      { dependencies: apiDependenciesOf(api.extra), type: api.type, signal: api.signal },
      extraOptions,
    );
}
