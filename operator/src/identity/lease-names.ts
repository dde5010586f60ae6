import { createHash } from 'node:crypto';

export const purposeLabel = 'nimbus.io/purpose';
/** Unix seconds after which the Lease may be deleted by any replica. */
export const expiresLabel = 'nimbus.io/expires';

/** A Lease name from a hash of the key, so addresses and user names never appear in names. */
export function leaseName(prefix: string, key: string): string {
  return `${prefix}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

export function expiryLabels(purpose: string, expiresAt: number): Record<string, string> {
  return { [purposeLabel]: purpose, [expiresLabel]: String(Math.ceil(expiresAt)) };
}
