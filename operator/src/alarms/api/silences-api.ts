import { randomBytes } from 'node:crypto';
import type { AlarmMessage, ParsedSilenceBody, SilenceView } from '@nimbus/api';
import { denied } from '../../access/scope.js';
import { alreadyExists, invalid, notFound } from '../../core/problems.js';
import type { AlarmSilenceObject } from '../../hub/store.js';
import type { Identity } from '../../identity/identity.js';
import { silenceState } from '../silence-match.js';
import type { AlarmApiStore } from './alarm-scope.js';
import { alarmOrganization, clustersAllowing } from './alarm-scope.js';
import { alarmMessages } from './rules-api.js';

function toView(silence: AlarmSilenceObject, now: number): SilenceView {
  const { spec, metadata, status } = silence;
  return {
    name: metadata.name,
    uuid: metadata.uid,
    cluster: spec.cluster,
    matchers: spec.matchers,
    startsAt: spec.startsAt,
    endsAt: spec.endsAt,
    comment: spec.comment,
    creator: spec.creator,
    // From the clock, not the status: the leader may not have noticed the end yet.
    state: silenceState(spec, now) === 'expired' ? 'expired' : 'active',
    ...(status?.alertmanagerId ? { alertmanagerId: status.alertmanagerId } : {}),
    createdAt: metadata.creationTimestamp,
  };
}

async function silenceIn(
  store: AlarmApiStore,
  identity: Identity,
  params: { orgId: string; name: string },
): Promise<AlarmSilenceObject> {
  const org = alarmOrganization(store, identity, params.orgId).metadata.name;
  const silence = store.alarmSilences.get(params.name);
  const visible = await clustersAllowing(store, identity, org, 'alarm:list');
  if (!silence || !visible.has(silence.spec.cluster)) throw notFound(`silence ${params.name}`);
  const writable = await clustersAllowing(store, identity, org, 'alarm:silence');
  if (!writable.has(silence.spec.cluster)) throw denied();
  return silence;
}

export async function listSilences(
  store: AlarmApiStore,
  identity: Identity,
  orgId: string,
  now: number,
): Promise<{ items: SilenceView[] }> {
  const org = alarmOrganization(store, identity, orgId).metadata.name;
  const clusters = await clustersAllowing(store, identity, org, 'alarm:list');
  const silences = store.alarmSilences
    .list((s) => clusters.has(s.spec.cluster))
    .sort((a, b) => b.spec.startsAt.localeCompare(a.spec.startsAt));
  return { items: silences.map((s) => toView(s, now)) };
}

export async function createSilence(
  store: AlarmApiStore,
  identity: Identity,
  orgId: string,
  body: ParsedSilenceBody,
  now: number,
): Promise<SilenceView> {
  const org = alarmOrganization(store, identity, orgId).metadata.name;
  const visible = await clustersAllowing(store, identity, org, 'alarm:list');
  if (!visible.has(body.cluster))
    throw invalid('cluster', `cluster ${body.cluster} does not exist`);
  const writable = await clustersAllowing(store, identity, org, 'alarm:silence');
  if (!writable.has(body.cluster)) throw denied();
  const name = body.name ?? `${body.cluster.slice(0, 40)}-${randomBytes(4).toString('hex')}`;
  if (await store.alarmSilences.fetch(name)) throw alreadyExists(name);
  const silence = await store.alarmSilences.create({
    metadata: { name },
    spec: {
      cluster: body.cluster,
      matchers: body.matchers,
      startsAt: body.startsAt,
      endsAt: body.endsAt,
      comment: body.comment,
      creator: identity.userName,
    },
  });
  return toView(silence, now);
}

export async function expireSilence(
  store: AlarmApiStore,
  identity: Identity,
  params: { orgId: string; name: string },
  now: number,
): Promise<SilenceView> {
  const silence = await silenceIn(store, identity, params);
  if (silenceState(silence.spec, now) === 'expired') return toView(silence, now);
  const end = new Date(now).toISOString();
  const updated = await store.alarmSilences.modify(params.name, (spec) => ({
    ...spec,
    endsAt: end,
    // A silence that had not started yet ends before it begins: it starts now too.
    startsAt: Date.parse(spec.startsAt) > now ? end : spec.startsAt,
  }));
  return toView(updated, now);
}

export async function deleteSilence(
  store: AlarmApiStore,
  identity: Identity,
  params: { orgId: string; name: string },
): Promise<{ name: string }> {
  await silenceIn(store, identity, params);
  await store.alarmSilences.delete(params.name);
  return { name: params.name };
}

/** The silent alert-metrics notification call: firing alarms of the clusters the caller may see. */
export async function listAlertMetrics(
  store: AlarmApiStore,
  identity: Identity,
  org: string | undefined,
): Promise<{ items: AlarmMessage[] }> {
  if (!org) return { items: [] };
  const clusters = await clustersAllowing(store, identity, org, 'alarm:list');
  const rules = store.alarmRules.list(
    (rule) => rule.spec.organization === org && clusters.has(rule.spec.cluster),
  );
  const items = rules.flatMap(alarmMessages).sort((a, b) => b.firedAt.localeCompare(a.firedAt));
  return { items };
}
