import { ApiError, errors } from '../core/errors.js';
import type { LeaseStore } from '../hub/leases.js';
import { expiryLabels, leaseName } from './lease-names.js';

export const noncePurpose = 'nonce';

/**
 * Remembers request nonces across replicas: creating the Lease named after the nonce succeeds
 * once; a second create (a replay, on any replica) gets a conflict.
 */
export class NonceRegistry {
  constructor(private readonly leases: LeaseStore) {}

  /** Returns false when the nonce was seen before. */
  async claim(accessKey: string, nonce: string, expiresAt: number): Promise<boolean> {
    try {
      await this.leases.create({
        name: leaseName('nimbus-nonce', `${accessKey}\n${nonce}`),
        labels: expiryLabels(noncePurpose, expiresAt),
        annotations: {},
      });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.entry === errors.conflict) return false;
      throw error;
    }
  }
}
