import { Router } from 'express';
import { handle } from '../respond.js';

export interface SystemInfo {
  version: string;
  host: string;
  mfaEnabled: boolean;
}

/** Console-facing system settings; SPEC §7 reads the MFA switch from data.MFA. */
export interface SystemConfigs {
  MFA: boolean;
  version: string;
  host: string;
}

export function systemRouter(info: SystemInfo): Router {
  const router = Router();
  router.get(
    '/version',
    handle(() => info.version),
  );
  router.get(
    '/configs',
    handle((): SystemConfigs => ({ MFA: info.mfaEnabled, version: info.version, host: info.host })),
  );
  return router;
}
