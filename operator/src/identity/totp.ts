import { generate, generateSecret, generateURI, verify } from 'otplib';

export const totpPeriodSeconds = 30;
/** 20 bytes = 160 bits, RFC 4226's recommended secret length. */
export const totpSecretBytes = 20;
export const totpIssuer = 'Nimbus';

export function newTotpSecret(): string {
  return generateSecret({ length: totpSecretBytes });
}

export function totpUri(secret: string, userName: string): string {
  return generateURI({ issuer: totpIssuer, label: userName, secret });
}

/** For tests and the signing examples: the code an authenticator shows at `epoch`. */
export function totpCode(secret: string, epochSeconds: number): Promise<string> {
  return generate({ secret, epoch: epochSeconds });
}

export interface TotpCheck {
  secret: string;
  code: string;
  /** The time step of the last accepted code; that step and earlier ones are refused. */
  lastStep: number | undefined;
  epochSeconds?: number;
}

/**
 * RFC 6238 with one step of clock drift either way. Returns the matched time step, which the
 * caller must store as the new lastStep so the same code is never accepted twice.
 */
export async function checkTotp(check: TotpCheck): Promise<number | undefined> {
  if (!/^\d{6}$/.test(check.code)) return undefined;
  const result = await verify({
    secret: check.secret,
    token: check.code,
    epoch: check.epochSeconds ?? Math.floor(Date.now() / 1000),
    epochTolerance: totpPeriodSeconds,
    ...(check.lastStep === undefined ? {} : { afterTimeStep: check.lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
