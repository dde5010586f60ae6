// The one rule for stored write-only credentials (registries, chart sources, alarm receivers):
// a credential is sent only to the address it was given for. Its Secret records that address
// beside it; the API refuses a change or test that moves it elsewhere without the credential
// given again, and every reader (controllers, browsing, alarm delivery) checks the address of
// the object as it is now, however it was written (docs/decisions/credential-addresses.md).
import type { CredentialAddress } from '@nimbus/api/shared';
import { addressText } from '@nimbus/api/shared';
import type { DesiredCondition } from '../controllers/conditions.js';
import type { EventIntent } from '../controllers/events.js';
import { ApiError, errors } from '../core/errors.js';
import type { SecretStore, SecretValue } from '../hub/secrets.js';

/** The Secret key holding addressText of the address the credential was given for. */
export const credentialAddressKey = 'address';

/** Secret data of a credential given for `address`. */
export function boundTo(
  data: Record<string, string>,
  address: CredentialAddress,
): Record<string, string> {
  return { ...data, [credentialAddressKey]: addressText(address) };
}

/**
 * The address a stored credential was given for; undefined when its Secret records none (written
 * by hand, or before addresses were recorded): its object's controller binds it to the address
 * the object names when it first sees it.
 */
export function recordedAddress(secret: Pick<SecretValue, 'data'> | undefined): string | undefined {
  return secret?.data[credentialAddressKey];
}

/** The fields of `address` that differ from the recorded one. */
function changedFields(recorded: string, address: CredentialAddress): string[] {
  let before: Record<string, unknown> = {};
  try {
    before = JSON.parse(recorded) as Record<string, unknown>;
  } catch {
    return Object.keys(address).sort();
  }
  const fields = new Set([...Object.keys(before), ...Object.keys(address)]);
  return [...fields].filter((field) => before[field] !== address[field]).sort();
}

/** Whether the stored credential may go to `address` (an unbound one goes where its object says). */
export function credentialFits(
  secret: Pick<SecretValue, 'data'> | undefined,
  address: CredentialAddress,
): boolean {
  const recorded = recordedAddress(secret);
  return recorded === undefined || recorded === addressText(address);
}

/** 1014, naming the field to give again and what moved. */
export function credentialsForAnotherAddress(field: string, changed: readonly string[]): ApiError {
  const what = changed.length > 0 ? changed.join(', ') : 'the address';
  const message = `give the ${field} again: ${what} changed, and a stored credential is only sent to the address it was given for`;
  return new ApiError(errors.credentialsForAnotherAddress, {
    message: `${field}: ${message}`,
    details: [{ path: field, message }],
  });
}

/**
 * The API's check before it keeps a stored credential for `requested`: the address recorded with
 * it, or for an unbound one the address its object names now (`current`), must be the same.
 */
export function assertKeptAddress(options: {
  field: string;
  secret: Pick<SecretValue, 'data'> | undefined;
  current: CredentialAddress;
  requested: CredentialAddress;
}): void {
  const storedFor = recordedAddress(options.secret) ?? addressText(options.current);
  if (storedFor === addressText(options.requested)) return;
  throw credentialsForAnotherAddress(options.field, changedFields(storedFor, options.requested));
}

export const credentialsConditionType = 'Credentials';

/**
 * The `Credentials` condition of an object holding a stored credential, and a Warning while its
 * address moved away from the credential's (set with kubectl: the credential is then not used).
 */
export function credentialsDecision(
  secret: Pick<SecretValue, 'data'> | undefined,
  address: CredentialAddress,
  hasCredential: boolean,
): { condition: DesiredCondition; events: EventIntent[] } {
  const recorded = recordedAddress(secret);
  const condition = (status: 'True' | 'False', reason: string, message: string) => ({
    type: credentialsConditionType,
    status,
    reason,
    message,
  });
  if (!hasCredential) {
    return { condition: condition('True', 'NoneStored', 'no credentials are stored'), events: [] };
  }
  if (recorded === undefined || recorded === addressText(address)) {
    const matches = 'the stored credentials were given for this address';
    return { condition: condition('True', 'AddressMatches', matches), events: [] };
  }
  const message = `${changedFields(recorded, address).join(', ')} changed since the credentials were stored: they are not sent to the new address until they are given again`;
  return {
    condition: condition('False', 'AddressChanged', message),
    events: [{ type: 'Warning', reason: 'CredentialsNotUsed', note: message, action: 'Validate' }],
  };
}

/**
 * Binds a Secret that records no address to the one its object names now (trust on first
 * sight: only a writer of Secrets in the operator's namespace, who may read the credential
 * anyway, can write one without). Answers the Secret as stored.
 */
async function bindUnrecorded(
  secrets: Pick<SecretStore, 'addData'>,
  secret: SecretValue,
  address: CredentialAddress,
): Promise<SecretValue> {
  if (recordedAddress(secret) !== undefined) return secret;
  return secrets.addData(
    secret.name,
    { [credentialAddressKey]: addressText(address) },
    secret.resourceVersion,
  );
}

/** Secrets are not watched: an object whose credential is not used is looked at again this soon. */
export const credentialsRecheckMs = 60_000;

/**
 * What a controller of an object holding a stored credential decides about it: an unbound
 * credential is bound to the object's address, then the `Credentials` condition and Events.
 */
export async function reviewStoredCredentials(
  secrets: Pick<SecretStore, 'addData'>,
  secret: SecretValue | undefined,
  address: CredentialAddress,
  hasCredential: boolean,
): Promise<{ condition: DesiredCondition; events: EventIntent[] }> {
  const bound = secret && hasCredential ? await bindUnrecorded(secrets, secret, address) : secret;
  return credentialsDecision(bound, address, hasCredential);
}
