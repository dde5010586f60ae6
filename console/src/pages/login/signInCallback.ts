import type { BodyFor } from '@nimbus/api';
import { signInCallbackPath } from '@nimbus/api/shared';

export type CallbackBody = BodyFor<'finishSignIn'>;

/**
 * What an identity provider sent the browser back with to /login/callback (its query): the
 * state and either a code or an error. Undefined anywhere else, or without a state.
 */
export function signInCallbackOf(location: {
  pathname: string;
  search: string;
}): CallbackBody | undefined {
  if (location.pathname !== signInCallbackPath) return undefined;
  const query = new URLSearchParams(location.search);
  const state = query.get('state');
  if (!state) return undefined;
  const optional = (name: 'code' | 'iss' | 'error' | 'error_description') => {
    const value = query.get(name);
    return value === null ? {} : { [name]: value };
  };
  return {
    state,
    ...optional('code'),
    ...optional('iss'),
    ...optional('error'),
    ...optional('error_description'),
  };
}
