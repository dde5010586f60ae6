import { z } from 'zod';
import { endpoint, json } from '../endpoint.js';
import {
  loginBody,
  loginResultSchema,
  registerBody,
  registeredUserSchema,
} from '../schemas/accounts.js';

/** Sign-up, sign-in and sign-out (SPEC §7 "Auth"): the only writes open to anonymous callers. */
export const authEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/auth.{host}/register',
    access: { allow: 'public' },
    summary: 'Register an account',
    tag: 'auth',
    body: registerBody,
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
    response: json(loginResultSchema),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth.{host}/logout',
    access: { allow: 'public' },
    summary: 'Sign out (revokes the session, if any)',
    tag: 'auth',
    response: json(z.null()),
  }),
} as const;
