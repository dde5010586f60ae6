// OpenID Connect sign-in (IdentityProvider): the rules the CRD, the API and the console share.

/** An issuer: an http(s) URL with no user name, query or fragment (OpenID Discovery 1.0). */
export const issuerUrlPattern = /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/;
export const issuerUrlMessage = 'must be an http(s) URL without a user name, query or fragment';

/** A claim name; namespaced claims (https://example.com/groups) included. */
export const claimNamePattern = /^[A-Za-z0-9_.:/-]{1,128}$/;
export const claimNameMessage = 'must be a claim name: letters, digits and _ . : / -';

/** An OAuth scope token (RFC 6749 §3.3). */
export const scopeTokenPattern = /^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/;
export const scopeTokenMessage = 'must be a scope token: printable characters without spaces';

export const defaultScopes = ['openid', 'profile', 'email'] as const;

/** Which claims Nimbus reads, by default the standard ones (and the common `groups`). */
export const defaultClaimNames = {
  userName: 'preferred_username',
  displayName: 'name',
  email: 'email',
  groups: 'groups',
} as const;

/** Where the provider sends the browser back to: a console route (docs/decisions/). */
export const signInCallbackPath = '/login/callback';
/** Where the provider's logout sends the browser back to. */
export const signedOutPath = '/login';
