import type { SystemConfigs } from '@nimbus/api';
import { implement } from '../contract/implement.js';
import type { Implementation } from '../contract/implement.js';

export interface SystemInfo {
  version: string;
  host: string;
  mfaEnabled: boolean;
}

export function systemEndpoints(info: SystemInfo, openApi: () => unknown): Implementation[] {
  return [
    implement('getBareVersion', () => info.version),
    implement('getVersion', () => info.version),
    implement('getConfigs', (): SystemConfigs => ({
      MFA: info.mfaEnabled,
      version: info.version,
      host: info.host,
    })),
    implement('getOpenApi', (_input, { res }) => {
      res.json(openApi());
      return undefined;
    }),
  ];
}
