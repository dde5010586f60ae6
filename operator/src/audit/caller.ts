import type { Response } from 'express';
import { identityOf } from '../identity/identity.js';

/** The user name recorded for callers without a verified identity (failed or no sign-in). */
export const anonymous = '-';

export function callerNameOf(res: Response): string | undefined {
  return identityOf(res)?.userName;
}
