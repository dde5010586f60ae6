import { endpoint, json } from '../endpoint.js';
import { logoutResultSchema } from '../schemas/identity-providers.js';
import {
  loginBody,
  loginResultSchema,
  registerBody,
  registeredUserSchema,
} from '../schemas/accounts.js';

/** Sign-up, sign-in and sign-out: the only writes open to anonymous callers. */
export const authEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/auth.{host}/register',
    access: { allow: 'public' },
    summary: 'Register an account',
    tag: 'auth',
    body: registerBody,
    errors: ['invitationInvalid'],
    response: json(registeredUserSchema),
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth.{host}/login',
    access: {
      allow: 'public',
      note: 'Throttled per account and address (1006 with Retry-After); 1008 asks for the MFA code.',
    },
    summary: 'Sign in: sets the session cookies and answers the token',
    tag: 'auth',
    body: loginBody,
    errors: ['badCredentials', 'mfaRequired', 'mfaInvalid'],
    response: json(loginResultSchema),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth.{host}/logout',
    access: { allow: 'public' },
    summary:
      'Sign out (revokes the session, if any); after single sign-on, the provider’s logout URL',
    tag: 'auth',
    response: json(logoutResultSchema),
  }),
} as const;
