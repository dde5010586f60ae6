import { z } from 'zod';
import { admins, endpoint, everyone, inOrg, json } from '../endpoint.js';
import {
  alarmItemParams,
  alarmMessageSchema,
  alarmOrgParams,
  receiverBody,
  receiverViewSchema,
  ruleBody,
  ruleViewSchema,
  silenceBody,
  silenceViewSchema,
} from '../schemas/alarms.js';

const org = '/alarm.{host}/organizations/:orgId';
const orgAdmins = { allow: admins, ...inOrg('params.orgId') };
const members = (note: string) => ({ allow: everyone, ...inOrg('params.orgId'), note });
/** Rules and silences: the organization's admins, and members with the permission on the cluster. */
const onClusters = (permission: 'alarm:list' | 'alarm:silence' | 'alarm:manage', note: string) => ({
  ...members(note),
  permission: { name: permission, on: 'organization' as const },
});
const ruleWriters = onClusters(
  'alarm:manage',
  "Members need alarm:manage on the rule's cluster; the caller becomes the rule's author, whose rights bound its query.",
);
const items = <S extends z.ZodType>(item: S) => json(z.object({ items: z.array(item) }));
const removed = json(z.object({ name: z.string() }));

/** Alarm receivers, rules, silences and messages of an organization. */
export const alarmEndpoints = {
  listAlarmReceivers: endpoint({
    method: 'GET',
    path: `${org}/receivers`,
    access: orgAdmins,
    summary: "The organization's alarm receivers (credentials never shown)",
    tag: 'alarm',
    params: alarmOrgParams,
    response: items(receiverViewSchema),
  }),
  createAlarmReceiver: endpoint({
    method: 'POST',
    path: `${org}/receivers`,
    access: orgAdmins,
    summary: 'Create an alarm receiver; its credential goes to its Secret',
    tag: 'alarm',
    params: alarmOrgParams,
    body: receiverBody,
    response: json(receiverViewSchema),
  }),
  updateAlarmReceiver: endpoint({
    method: 'PUT',
    path: `${org}/receivers/:name`,
    access: orgAdmins,
    summary: 'Change an alarm receiver (no secret: the stored one is kept)',
    tag: 'alarm',
    params: alarmItemParams,
    body: receiverBody,
    response: json(receiverViewSchema),
  }),
  deleteAlarmReceiver: endpoint({
    method: 'DELETE',
    path: `${org}/receivers/:name`,
    access: orgAdmins,
    summary: 'Delete an alarm receiver and its Secret',
    tag: 'alarm',
    params: alarmItemParams,
    response: removed,
  }),
  listAlarmRules: endpoint({
    method: 'GET',
    path: `${org}/rules`,
    access: onClusters(
      'alarm:list',
      'Members see the rules of clusters where a role grants alarm:list.',
    ),
    summary: "The organization's alarm rules with their firing alarms",
    tag: 'alarm',
    params: alarmOrgParams,
    response: items(ruleViewSchema),
  }),
  createAlarmRule: endpoint({
    method: 'POST',
    path: `${org}/rules`,
    access: ruleWriters,
    summary: 'Create an alarm rule on a cluster of the organization',
    tag: 'alarm',
    params: alarmOrgParams,
    body: ruleBody,
    response: json(ruleViewSchema),
  }),
  updateAlarmRule: endpoint({
    method: 'PUT',
    path: `${org}/rules/:name`,
    access: ruleWriters,
    summary: 'Change an alarm rule',
    tag: 'alarm',
    params: alarmItemParams,
    body: ruleBody,
    response: json(ruleViewSchema),
  }),
  deleteAlarmRule: endpoint({
    method: 'DELETE',
    path: `${org}/rules/:name`,
    access: ruleWriters,
    summary: 'Delete an alarm rule',
    tag: 'alarm',
    params: alarmItemParams,
    response: removed,
  }),
  listAlarmSilences: endpoint({
    method: 'GET',
    path: `${org}/silences`,
    access: onClusters(
      'alarm:list',
      'Users see the silences of clusters where a role grants alarm:list.',
    ),
    summary: "Silences of the organization's clusters, active and expired",
    tag: 'alarm',
    params: alarmOrgParams,
    response: items(silenceViewSchema),
  }),
  createAlarmSilence: endpoint({
    method: 'POST',
    path: `${org}/silences`,
    access: onClusters(
      'alarm:silence',
      'Users need alarm:silence on the cluster; the creator is the caller.',
    ),
    summary: 'Silence matching alarms of a cluster for a time range',
    tag: 'alarm',
    params: alarmOrgParams,
    body: silenceBody,
    response: json(silenceViewSchema),
  }),
  expireAlarmSilence: endpoint({
    method: 'PUT',
    path: `${org}/silences/:name/expire`,
    access: onClusters('alarm:silence', 'Users need alarm:silence on the cluster.'),
    summary: 'End a silence now',
    tag: 'alarm',
    params: alarmItemParams,
    response: json(silenceViewSchema),
  }),
  deleteAlarmSilence: endpoint({
    method: 'DELETE',
    path: `${org}/silences/:name`,
    access: onClusters('alarm:silence', 'Users need alarm:silence on the cluster.'),
    summary: 'Delete a silence (expired in Alertmanager too)',
    tag: 'alarm',
    params: alarmItemParams,
    response: removed,
  }),
  listAlertMetrics: endpoint({
    method: 'GET',
    path: '/monitor.{host}/alert-metrics/notifications',
    access: {
      allow: 'authenticated',
      permission: { name: 'alarm:list', on: 'organization' },
      note: "The caller's current organization; alarms of clusters where a role grants alarm:list.",
    },
    summary: 'Alert-metrics notifications: the firing alarms (silent in the console)',
    tag: 'alarm',
    response: items(alarmMessageSchema),
    silent: true,
  }),
} as const;
