import type { AlarmMessage, ParsedRuleBody, RuleView } from '@nimbus/api';
import { alreadyExists, invalid, notFound } from '../../core/problems.js';
import type { AlarmRuleObject } from '../../hub/store.js';
import { assertGrantedForObject } from '../../access/permissions.js';
import { assertAcceptsNewMembers, organizationOf } from '../../access/org-scope.js';
import type { Identity } from '../../identity/identity.js';
import { alarmTemplateValues, fillTemplate } from '../template.js';
import type { AlarmApiStore } from './alarm-scope.js';
import { alarmOrganization, clustersAllowing } from './alarm-scope.js';

/** The alarms of a rule as messages: its header and content filled with each alarm's values. */
export function alarmMessages(rule: AlarmRuleObject): AlarmMessage[] {
  return (rule.status?.alarms ?? []).map((alarm) => {
    const values = alarmTemplateValues(rule, alarm);
    return {
      rule: rule.metadata.name,
      cluster: rule.spec.cluster,
      state: alarm.state,
      header: fillTemplate(rule.spec.header, values),
      content: fillTemplate(rule.spec.content, values),
      value: alarm.value,
      labels: alarm.labels,
      activeAt: alarm.activeAt,
      firedAt: alarm.firedAt,
      ...(alarm.silencedBy ? { silencedBy: alarm.silencedBy } : {}),
    };
  });
}

function toView(rule: AlarmRuleObject): RuleView {
  const { spec, metadata, status } = rule;
  return {
    name: metadata.name,
    uuid: metadata.uid,
    organization: spec.organization,
    cluster: spec.cluster,
    metric: spec.metric,
    operator: spec.operator,
    threshold: spec.threshold,
    durationSeconds: spec.durationSeconds,
    header: spec.header,
    content: spec.content,
    receivers: spec.receivers,
    enabled: spec.enabled,
    ...(spec.author !== undefined ? { author: spec.author } : {}),
    createdAt: metadata.creationTimestamp,
    ...(status?.lastEvaluationTime ? { lastEvaluationTime: status.lastEvaluationTime } : {}),
    alarms: alarmMessages(rule),
    conditions: status?.conditions ?? [],
  };
}

/** The organization boundary on API writes: the cluster and every receiver must be the org's. */
function assertReferences(store: AlarmApiStore, org: string, body: ParsedRuleBody): void {
  const cluster = store.clusters.get(body.cluster);
  if (!cluster || organizationOf(cluster, store.organizations) !== org) {
    throw invalid('cluster', `cluster ${body.cluster} does not exist`);
  }
  body.receivers.forEach((name, index) => {
    const receiver = store.alarmReceivers.get(name);
    if (!receiver || receiver.spec.organization !== org) {
      throw invalid(`receivers.${index}`, `receiver ${name} does not exist`);
    }
  });
}

/** The rule as saved by the caller, who becomes its author (whose rights bound its query). */
function specOf(org: string, body: ParsedRuleBody, identity: Identity) {
  const { name: _name, ...rest } = body;
  return { organization: org, ...rest, author: identity.userName };
}

/** Writing a rule needs alarm:manage on its cluster (the organization's admins always). */
const manages = (store: AlarmApiStore, identity: Identity, org: string, cluster: string) =>
  assertGrantedForObject(store, identity, { organization: org, cluster }, 'alarm:manage');

function ownRule(store: AlarmApiStore, org: string, name: string): AlarmRuleObject {
  const rule = store.alarmRules.get(name);
  if (!rule || rule.spec.organization !== org) throw notFound(`rule ${name}`);
  return rule;
}

/** The organization's rules: every one for its admins, else those of clusters granting alarm:list. */
export async function listRules(store: AlarmApiStore, identity: Identity, orgId: string) {
  const org = alarmOrganization(store, identity, orgId).metadata.name;
  const visible = await clustersAllowing(store, identity, org, 'alarm:list');
  const rules = store.alarmRules
    .list((rule) => rule.spec.organization === org && visible.has(rule.spec.cluster))
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  return { items: rules.map(toView) };
}

export async function createRule(
  store: AlarmApiStore,
  identity: Identity,
  orgId: string,
  body: ParsedRuleBody,
): Promise<RuleView> {
  const org = alarmOrganization(store, identity, orgId);
  assertAcceptsNewMembers(org);
  assertReferences(store, org.metadata.name, body);
  await manages(store, identity, org.metadata.name, body.cluster);
  if (await store.alarmRules.fetch(body.name)) throw alreadyExists(body.name);
  const rule = await store.alarmRules.create({
    metadata: { name: body.name },
    spec: specOf(org.metadata.name, body, identity),
  });
  return toView(rule);
}

export async function updateRule(
  store: AlarmApiStore,
  identity: Identity,
  params: { orgId: string; name: string },
  body: ParsedRuleBody,
): Promise<RuleView> {
  const org = alarmOrganization(store, identity, params.orgId).metadata.name;
  const existing = ownRule(store, org, params.name);
  assertReferences(store, org, body);
  await manages(store, identity, org, existing.spec.cluster);
  if (body.cluster !== existing.spec.cluster) await manages(store, identity, org, body.cluster);
  const rule = await store.alarmRules.modify(params.name, (_spec, current) => {
    if (current.spec.organization !== org) throw notFound(`rule ${params.name}`);
    return specOf(org, body, identity);
  });
  return toView(rule);
}

export async function deleteRule(
  store: AlarmApiStore,
  identity: Identity,
  params: { orgId: string; name: string },
): Promise<{ name: string }> {
  const org = alarmOrganization(store, identity, params.orgId).metadata.name;
  const existing = ownRule(store, org, params.name);
  await manages(store, identity, org, existing.spec.cluster);
  await store.alarmRules.delete(params.name);
  return { name: params.name };
}
