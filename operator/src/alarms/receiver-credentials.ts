// A receiver's credential (SMTP password, Slack webhook URL, WeChat API secret, SMS API key)
// lives in the Secret nimbus-alarm-receiver-<name>, with the address it was given for beside it
// (credentials/credential-address.ts): it goes only to that SMTP server, API endpoint or gateway.
import { receiverAddress, receiverCredentialKeys } from '@nimbus/api/shared';
import type { CredentialAddress } from '@nimbus/api/shared';
import { receiverSecretName } from '../crds/alarm-receiver.js';
import { boundTo, credentialFits } from '../credentials/credential-address.js';
import { writeOwnedSecret } from '../hub/owned-secret.js';
import type { SecretStore, SecretValue } from '../hub/secrets.js';
import type { AlarmReceiverObject } from '../hub/store.js';
import { DeliveryError } from './outbound-http.js';

type ReceiverSpec = AlarmReceiverObject['spec'];

export const receiverLabel = 'nimbus.io/alarm-receiver';

/** Where the receiver's credential goes, as its spec says now. */
export const addressOfReceiver = (spec: ReceiverSpec): CredentialAddress =>
  receiverAddress(spec.type, spec);

export const receiverSecretOf = (
  secrets: Pick<SecretStore, 'get'>,
  receiver: Pick<AlarmReceiverObject, 'metadata'>,
): Promise<SecretValue | undefined> => secrets.get(receiverSecretName(receiver.metadata.name));

/** Whether the Secret holds the credential of the receiver's type. */
export const holdsCredential = (spec: ReceiverSpec, secret: SecretValue | undefined): boolean =>
  Boolean(secret?.data[receiverCredentialKeys[spec.type]]);

/** The credential goes to the receiver's own Secret, owned by it; it is never read back. */
export async function storeReceiverSecret(
  secrets: Pick<SecretStore, 'create' | 'replace'>,
  receiver: AlarmReceiverObject,
  value: string,
): Promise<void> {
  await writeOwnedSecret(secrets, receiver, {
    name: receiverSecretName(receiver.metadata.name),
    data: boundTo(
      { [receiverCredentialKeys[receiver.spec.type]]: value },
      addressOfReceiver(receiver.spec),
    ),
    labels: { [receiverLabel]: receiver.metadata.name },
  });
}

/**
 * The credentials to deliver with; refused when the receiver's address moved since its
 * credential was given (with kubectl), so that the credential never reaches the new address.
 */
export async function deliverableCredentials(
  secrets: Pick<SecretStore, 'get'>,
  receiver: AlarmReceiverObject,
): Promise<Readonly<Record<string, string>>> {
  const secret = await receiverSecretOf(secrets, receiver);
  if (
    holdsCredential(receiver.spec, secret) &&
    !credentialFits(secret, addressOfReceiver(receiver.spec))
  ) {
    throw new DeliveryError(
      "not sent: the receiver's address changed since its credential was stored; give the credential again",
    );
  }
  return secret?.data ?? {};
}
