import { z } from 'zod';
import {
  alarmOperators,
  alarmStates,
  labelNamePattern,
  receiverTypes,
  silenceStates,
} from '../shared/alarms.js';
import { resourceNameMessage, resourceNamePattern } from '../shared/names.js';
import { conditionSchema, stringMap } from './common.js';
import { emailSettings, slackSettings, smsSettings, weChatSettings } from './alarm-settings.js';

// Alarm receivers, rules, silences and messages (calls: docs/api.md "Alarms").

const name = z.string().regex(resourceNamePattern, resourceNameMessage);
const settingsFields = {
  email: emailSettings.optional(),
  slack: slackSettings.optional(),
  weChat: weChatSettings.optional(),
  sms: smsSettings.optional(),
};
const settingsOf = { Email: 'email', Slack: 'slack', WeChat: 'weChat', SMS: 'sms' } as const;

/** POST and PUT receivers. `secret` is write-only; on PUT, absent keeps the stored one. */
export const receiverBody = z
  .object({
    name,
    type: z.enum(receiverTypes),
    description: z.string().max(1024).optional(),
    ...settingsFields,
    secret: z.string().min(1).max(4096).optional().meta({
      description:
        'SMTP password, Slack webhook URL, WeChat API secret or SMS API key; never answered.',
    }),
  })
  .refine((body) => body[settingsOf[body.type]] !== undefined, {
    message: 'the settings of the receiver type are required',
    path: ['type'],
  });

export const receiverViewSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  organization: z.string(),
  type: z.enum(receiverTypes),
  description: z.string().optional(),
  ...settingsFields,
  /** Whether the receiver's Secret holds its credential (the value is never shown). */
  secretSet: z.boolean(),
  createdAt: z.string(),
  conditions: z.array(conditionSchema),
});

export const ruleBody = z.object({
  name,
  cluster: name,
  metric: z.string().min(1).max(4096),
  operator: z.enum(alarmOperators),
  threshold: z.number(),
  durationSeconds: z.int().min(0).max(86_400).default(60),
  header: z.string().min(1).max(256),
  content: z.string().max(4096).default(''),
  receivers: z.array(name).max(16).default([]),
  enabled: z.boolean().default(true),
});

export const alarmMessageSchema = z.object({
  rule: z.string(),
  cluster: z.string(),
  state: z.enum(alarmStates),
  header: z.string(),
  content: z.string(),
  value: z.number(),
  labels: stringMap,
  activeAt: z.string(),
  firedAt: z.string(),
  silencedBy: z.string().optional(),
});

export const ruleViewSchema = ruleBody.extend({
  uuid: z.string(),
  organization: z.string(),
  /** The user whose rights bound the rule's query: whoever saved it last. */
  author: z.string().optional(),
  createdAt: z.string(),
  lastEvaluationTime: z.string().optional(),
  alarms: z.array(alarmMessageSchema),
  conditions: z.array(conditionSchema),
});

export const silenceMatcher = z.object({
  name: z.string().max(1024).regex(labelNamePattern, 'must be a Prometheus label name'),
  value: z.string().max(1024),
  isRegex: z.boolean().default(false),
  isEqual: z.boolean().default(true),
});

/** A silence may not start after it ends ("Start time couldn't later than end time"). */
export const silenceBody = z
  .object({
    name: name.optional(),
    cluster: name,
    matchers: z.array(silenceMatcher).min(1).max(64),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    comment: z.string().min(1).max(1024),
  })
  .refine((body) => Date.parse(body.endsAt) >= Date.parse(body.startsAt), {
    message: "Start time couldn't later than end time",
    path: ['endsAt'],
  });

export const silenceViewSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  cluster: z.string(),
  matchers: z.array(silenceMatcher),
  startsAt: z.string(),
  endsAt: z.string(),
  comment: z.string(),
  creator: z.string(),
  state: z.enum(silenceStates),
  alertmanagerId: z.string().optional(),
  createdAt: z.string(),
});

export const alarmOrgParams = z.object({ orgId: z.string().min(1).max(253) });
export const alarmItemParams = alarmOrgParams.extend({ name });

export type ReceiverView = z.output<typeof receiverViewSchema>;
export type RuleView = z.output<typeof ruleViewSchema>;
export type SilenceView = z.output<typeof silenceViewSchema>;
export type AlarmMessage = z.output<typeof alarmMessageSchema>;
export type ParsedReceiverBody = z.output<typeof receiverBody>;
export type ParsedRuleBody = z.output<typeof ruleBody>;
export type ParsedSilenceBody = z.output<typeof silenceBody>;
