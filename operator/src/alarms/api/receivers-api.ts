import type { ParsedReceiverBody, ReceiverView } from '@nimbus/api';
import { receiverAddress } from '@nimbus/api/shared';
import { admins, assertAcceptsNewMembers } from '../../access/org-scope.js';
import { alreadyExists, notFound } from '../../core/problems.js';
import { receiverSecretName } from '../../crds/alarm-receiver.js';
import { assertKeptAddress } from '../../credentials/credential-address.js';
import type { AlarmReceiverObject } from '../../hub/store.js';
import type { Identity } from '../../identity/identity.js';
import {
  addressOfReceiver,
  holdsCredential,
  receiverSecretOf,
  storeReceiverSecret,
} from '../receiver-credentials.js';
import type { AlarmApiStore } from './alarm-scope.js';
import { alarmOrganization } from './alarm-scope.js';

async function toView(store: AlarmApiStore, receiver: AlarmReceiverObject): Promise<ReceiverView> {
  const { spec, metadata } = receiver;
  const secret = await receiverSecretOf(store.secrets, receiver);
  return {
    name: metadata.name,
    uuid: metadata.uid,
    organization: spec.organization,
    type: spec.type,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.email ? { email: spec.email } : {}),
    ...(spec.slack ? { slack: spec.slack } : {}),
    ...(spec.weChat ? { weChat: spec.weChat } : {}),
    ...(spec.sms ? { sms: spec.sms } : {}),
    secretSet: holdsCredential(spec, secret),
    createdAt: metadata.creationTimestamp,
    conditions: receiver.status?.conditions ?? [],
  };
}

/** Only the settings of the chosen type are kept. */
function specOf(org: string, body: ParsedReceiverBody) {
  const field = { Email: 'email', Slack: 'slack', WeChat: 'weChat', SMS: 'sms' } as const;
  const key = field[body.type];
  return {
    organization: org,
    type: body.type,
    ...(body.description ? { description: body.description } : {}),
    [key]: body[key],
  };
}

function ownReceiver(store: AlarmApiStore, org: string, name: string): AlarmReceiverObject {
  const receiver = store.alarmReceivers.get(name);
  if (!receiver || receiver.spec.organization !== org) throw notFound(`receiver ${name}`);
  return receiver;
}

export async function listReceivers(store: AlarmApiStore, identity: Identity, orgId: string) {
  const org = alarmOrganization(store, identity, orgId, admins).metadata.name;
  const receivers = store.alarmReceivers
    .list((r) => r.spec.organization === org)
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  return { items: await Promise.all(receivers.map((r) => toView(store, r))) };
}

export async function createReceiver(
  store: AlarmApiStore,
  identity: Identity,
  orgId: string,
  body: ParsedReceiverBody,
): Promise<ReceiverView> {
  const org = alarmOrganization(store, identity, orgId, admins);
  assertAcceptsNewMembers(org);
  if (await store.alarmReceivers.fetch(body.name)) throw alreadyExists(body.name);
  const receiver = await store.alarmReceivers.create({
    metadata: { name: body.name },
    spec: specOf(org.metadata.name, body),
  });
  if (body.secret) await storeReceiverSecret(store.secrets, receiver, body.secret);
  return toView(store, receiver);
}

export async function updateReceiver(
  store: AlarmApiStore,
  identity: Identity,
  params: { orgId: string; name: string },
  body: ParsedReceiverBody,
): Promise<ReceiverView> {
  const org = alarmOrganization(store, identity, params.orgId, admins).metadata.name;
  const stored = ownReceiver(store, org, params.name);
  if (!body.secret) {
    // Kept, the stored credential may not move: an admin who may change the receiver but never
    // read its key could otherwise have the next alarm carry it to an address of their choosing.
    const secret = await receiverSecretOf(store.secrets, stored);
    if (holdsCredential(stored.spec, secret)) {
      assertKeptAddress({
        field: 'secret',
        secret,
        current: addressOfReceiver(stored.spec),
        requested: receiverAddress(body.type, body),
      });
    }
  }
  const receiver = await store.alarmReceivers.modify(params.name, (_spec, current) => {
    if (current.spec.organization !== org) throw notFound(`receiver ${params.name}`);
    return specOf(org, body);
  });
  if (body.secret) await storeReceiverSecret(store.secrets, receiver, body.secret);
  return toView(store, receiver);
}

export async function deleteReceiver(
  store: AlarmApiStore,
  identity: Identity,
  params: { orgId: string; name: string },
): Promise<{ name: string }> {
  const org = alarmOrganization(store, identity, params.orgId, admins).metadata.name;
  ownReceiver(store, org, params.name);
  await store.alarmReceivers.delete(params.name);
  await store.secrets.delete(receiverSecretName(params.name));
  return { name: params.name };
}
