import type { ControllerFactory } from '../controllers/controller.js';
import { watchSpec } from '../controllers/controller.js';
import { applyDecision } from '../controllers/status.js';
import {
  credentialsRecheckMs,
  reviewStoredCredentials,
} from '../credentials/credential-address.js';
import type { HubStore } from '../hub/store.js';
import { addressOfReceiver, holdsCredential, receiverSecretOf } from './receiver-credentials.js';

/** The API writes a receiver's Secret just after its spec: read it once that is done. */
export const receiverChangeDelayMs = 1_000;

/**
 * Writes each AlarmReceiver's `Credentials` condition, however it was written: an address
 * changed with kubectl (SMTP server, endpoint, gateway) leaves the stored credential unsent —
 * delivery refuses it too — until it is given again.
 */
export function alarmReceiverController(
  store: Pick<HubStore, 'alarmReceivers' | 'secrets'>,
): ControllerFactory {
  return ({ clock, events }) => ({
    name: 'alarm-receivers',
    watches: [
      watchSpec(store.alarmReceivers, (_type, receiver) => [
        { key: receiver.metadata.name, afterMs: receiverChangeDelayMs },
      ]),
    ],
    keys: () => store.alarmReceivers.list().map((r) => r.metadata.name),
    async reconcile(name) {
      const receiver = store.alarmReceivers.get(name);
      if (!receiver || receiver.metadata.deletionTimestamp) return undefined;
      const secret = await receiverSecretOf(store.secrets, receiver);
      const login = await reviewStoredCredentials(
        store.secrets,
        secret,
        addressOfReceiver(receiver.spec),
        holdsCredential(receiver.spec, secret),
      );
      const current = store.alarmReceivers.get(name);
      if (!current || current.metadata.uid !== receiver.metadata.uid) return undefined;
      await applyDecision(
        store.alarmReceivers,
        current,
        { conditions: [login.condition], events: login.events },
        { events, now: new Date(clock.now()) },
      );
      return login.condition.status === 'False'
        ? { requeueAfterMs: credentialsRecheckMs }
        : undefined;
    },
  });
}
