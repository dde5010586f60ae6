import { Router } from 'express';
import { z } from 'zod';
import { ApiError, errors } from '../core/errors.js';
import { handle } from '../http/respond.js';
import { parseInput } from '../core/validate.js';
import type { UserObject } from '../hub/store.js';
import { requireIdentity } from './identity.js';
import { bindMfa, generateMfaSecret, unbindMfa } from './mfa.js';
import type { IdentityServices } from './services.js';

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code');
const mfaAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('generate') }),
  z.object({ action: z.literal('bind'), code }),
]);
const unbindBody = z.object({ code });

/** PUT and DELETE /iam.{host}/users/{userName}/mfa: only the user themself, only with MFA on. */
export function mfaRouter(services: IdentityServices): Router {
  const router = Router();

  async function ownUser(userName: string, caller: string): Promise<UserObject> {
    if (!services.settings.mfaEnabled) {
      throw new ApiError(errors.validationFailed, { message: 'MFA is not enabled on this system' });
    }
    if (userName !== caller) throw new ApiError(errors.noPermission);
    const user = await services.store.users.fetch(userName);
    if (!user) throw new ApiError(errors.notFound);
    return user;
  }

  router.put(
    '/users/:userName/mfa',
    handle(async (req, res) => {
      const user = await ownUser(String(req.params.userName), requireIdentity(res).userName);
      const body = parseInput(mfaAction, req.body);
      if (body.action === 'generate') return generateMfaSecret(services, user);
      await bindMfa(services, user, body.code);
      return null;
    }),
  );

  router.delete(
    '/users/:userName/mfa',
    handle(async (req, res) => {
      const user = await ownUser(String(req.params.userName), requireIdentity(res).userName);
      await unbindMfa(services, user, parseInput(unbindBody, req.body).code);
      return null;
    }),
  );
  return router;
}
