import { z } from 'zod';
import { endpoint, json } from '../endpoint.js';
import { loginResultSchema } from '../schemas/accounts.js';
import {
  authorizationStartSchema,
  identityProviderBody,
  identityProviderParams,
  identityProviderUpdateBody,
  identityProviderViewSchema,
  signInCallbackBody,
  signInOptionSchema,
} from '../schemas/identity-providers.js';

const systemAdmins = { allow: ['system-admin'] } as const;
const removed = json(z.object({ name: z.string() }));

/**
 * Single sign-on with OpenID Connect providers: the login screen's buttons and the two steps of
 * the authorization code flow (public), and the providers themselves (system administrators).
 */
export const identityProviderEndpoints = {
  listSignInOptions: endpoint({
    method: 'GET',
    path: '/auth.{host}/identity-providers',
    access: { allow: 'public' },
    summary: 'Identity providers the login screen offers (enabled ones, name and label only)',
    tag: 'auth',
    response: json(z.object({ items: z.array(signInOptionSchema) })),
  }),
  startSignIn: endpoint({
    method: 'POST',
    path: '/auth.{host}/identity-providers/:name/authorize',
    access: {
      allow: 'public',
      note: 'Sets the short-lived sealed cookie that binds state, nonce and PKCE verifier to this browser.',
    },
    summary: 'Start signing in with an identity provider: the authorization URL to go to',
    tag: 'auth',
    params: identityProviderParams,
    errors: ['identityProviderUnreachable'],
    response: json(authorizationStartSchema),
  }),
  finishSignIn: endpoint({
    method: 'POST',
    path: '/auth.{host}/login/callback',
    access: {
      allow: 'public',
      note: 'State, nonce, PKCE and the ID token (against the issuer’s keys) are checked; the user is created or updated and the group mappings applied. Audited as a sign-in.',
    },
    summary: 'Finish signing in with an identity provider: sets the session cookies',
    tag: 'auth',
    body: signInCallbackBody,
    errors: ['signInRefused', 'identityProviderUnreachable'],
    response: json(loginResultSchema),
  }),
  listIdentityProviders: endpoint({
    method: 'GET',
    path: '/iam.{host}/identity-providers',
    access: systemAdmins,
    summary: 'Identity providers (client secrets never shown)',
    tag: 'iam',
    response: json(z.object({ items: z.array(identityProviderViewSchema) })),
  }),
  createIdentityProvider: endpoint({
    method: 'POST',
    path: '/iam.{host}/identity-providers',
    access: systemAdmins,
    summary: 'Add an identity provider; its client secret goes to its Secret',
    tag: 'iam',
    body: identityProviderBody,
    errors: ['identityProviderUnreachable'],
    response: json(identityProviderViewSchema),
  }),
  updateIdentityProvider: endpoint({
    method: 'PUT',
    path: '/iam.{host}/identity-providers/:name',
    access: {
      ...systemAdmins,
      note: 'Without a client secret the stored one is kept, unless the issuer changes: then it must be given again.',
    },
    summary: 'Change an identity provider',
    tag: 'iam',
    params: identityProviderParams,
    body: identityProviderUpdateBody,
    errors: ['identityProviderUnreachable'],
    response: json(identityProviderViewSchema),
  }),
  deleteIdentityProvider: endpoint({
    method: 'DELETE',
    path: '/iam.{host}/identity-providers/:name',
    access: systemAdmins,
    summary:
      'Remove an identity provider and its Secret (its users stay, without a way to sign in)',
    tag: 'iam',
    params: identityProviderParams,
    response: removed,
  }),
} as const;
