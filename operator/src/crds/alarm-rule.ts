import { alarmOperators, alarmStates } from '@nimbus/api/shared';
import type { AlarmOperator, AlarmState } from '@nimbus/api/shared';
import { z } from 'zod';
import { conditions, text } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { listSet } from './rules.js';
import { nameRef, resourceName, resourceNameRule, userRef } from './names.js';

export { alarmOperators, alarmStates };
export type { AlarmOperator, AlarmState };

export const alarmRuleSpec = z.object({
  organization: nameRef('Name of the Organization the rule belongs to.'),
  cluster: nameRef('Name of the Cluster whose Prometheus the rule queries (same organization).'),
  metric: text(4096)
    .min(1)
    .meta({ description: 'Target metric: a PromQL expression; every sample is compared.' }),
  operator: z.enum(alarmOperators).meta({ description: 'Comparison with the threshold.' }),
  threshold: z.number().meta({ description: 'Threshold the samples are compared with.' }),
  durationSeconds: z
    .int()
    .min(0)
    .max(86_400)
    .default(60)
    .meta({ description: 'How long the condition must hold before the alarm fires.' }),
  header: text(256).min(1).meta({ description: 'Message header (subject).' }),
  content: text(4096).meta({
    description: 'Message content; {{value}}, {{threshold}} and {{labels.<name>}} are filled in.',
  }),
  receivers: listSet(z.array(resourceName).max(16))
    .default([])
    .meta({ description: 'Names of the AlarmReceivers notified (same organization).' }),
  enabled: z.boolean().default(true).meta({ description: 'Whether the rule is evaluated.' }),
  author: userRef(
    "Name of the User whose rights bound the rule's query (the API writes the caller); without one, or once the user is gone, the rule is not evaluated.",
  ).optional(),
});

export const alarmInstance = z.object({
  labels: z
    .record(z.string(), z.string())
    .meta({ description: 'Labels of the series (plus alertname and cluster).' }),
  value: z.number().meta({ description: 'Last sample value.' }),
  state: z.enum(alarmStates).meta({ description: 'active, unprocessed or suppressed.' }),
  activeAt: z.iso.datetime({ offset: true }).meta({ description: 'When the condition began.' }),
  firedAt: z.iso.datetime({ offset: true }).meta({ description: 'When the alarm fired.' }),
  silencedBy: text(253).optional().meta({ description: 'AlarmSilence suppressing it.' }),
});

export const alarmRuleStatus = z.object({
  alarms: z
    .array(alarmInstance)
    .max(100)
    .optional()
    .meta({ description: 'Firing alarms of the rule (at most 100).' }),
  lastEvaluationTime: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: 'When the leader last evaluated the rule.' }),
  conditions: conditions.optional(),
});

export const alarmRuleKind = defineKind({
  kind: 'AlarmRule',
  plural: 'alarmrules',
  shortNames: ['nrule'],
  description: 'An alarm rule: a metric of a cluster compared with a threshold for a duration.',
  name: resourceNameRule,
  spec: alarmRuleSpec,
  status: alarmRuleStatus,
  printerColumns: [
    { name: 'Cluster', type: 'string', jsonPath: '.spec.cluster' },
    { name: 'Operator', type: 'string', jsonPath: '.spec.operator' },
    { name: 'Threshold', type: 'number', jsonPath: '.spec.threshold' },
    ...readyColumns,
    { name: 'Organization', type: 'string', jsonPath: '.spec.organization', priority: 1 },
    ageColumn,
  ],
});

export type AlarmRule = z.output<typeof alarmRuleKind.schema>;
export type AlarmInstance = z.output<typeof alarmInstance>;
