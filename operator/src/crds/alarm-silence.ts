import { z } from 'zod';
import { conditions, text } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { withRule } from './rules.js';
import { nameRef, resourceNameRule, userRef } from './names.js';

const matcher = z.object({
  name: z
    .string()
    .max(1024)
    .regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'must be a Prometheus label name')
    .meta({ description: 'Alert label name.' }),
  value: text(1024).meta({ description: 'Value, or regular expression when isRegex.' }),
  isRegex: z.boolean().default(false).meta({ description: 'value is a regular expression.' }),
  isEqual: z.boolean().default(true).meta({ description: 'false negates the matcher.' }),
});

const timestamp = z.iso.datetime({ offset: true });

/** The message when a silence would start after it ends. */
export const silenceTimeRangeMessage = "Start time couldn't later than end time";

export const alarmSilenceSpec = withRule(
  z.object({
    cluster: nameRef('Name of the Cluster whose Alertmanager holds the silence.'),
    matchers: z.array(matcher).min(1).max(64).meta({ description: 'Alerts to silence.' }),
    startsAt: timestamp.meta({ description: 'Start of the silence (RFC 3339).' }),
    endsAt: timestamp.meta({ description: 'End of the silence (RFC 3339).' }),
    comment: text(1024).min(1).meta({ description: 'Why the alerts are silenced.' }),
    creator: userRef('Name of the User who created the silence.'),
  }),
  {
    rule: 'timestamp(self.endsAt) >= timestamp(self.startsAt)',
    message: 'spec.endsAt must not be earlier than spec.startsAt',
    fieldPath: '.endsAt',
  },
  (spec) => Date.parse(spec.endsAt) >= Date.parse(spec.startsAt),
  silenceTimeRangeMessage,
);

export const alarmSilenceStatus = z.object({
  state: z.enum(['active', 'expired']).optional().meta({ description: 'Silence state.' }),
  alertmanagerId: text(253).optional().meta({ description: 'Silence id in Alertmanager.' }),
  conditions: conditions.optional(),
});

export const alarmSilenceKind = defineKind({
  kind: 'AlarmSilence',
  plural: 'alarmsilences',
  shortNames: ['nsilence'],
  description: 'A silence of matching alerts in a member cluster for a time range.',
  name: resourceNameRule,
  spec: alarmSilenceSpec,
  status: alarmSilenceStatus,
  printerColumns: [
    { name: 'Cluster', type: 'string', jsonPath: '.spec.cluster' },
    { name: 'State', type: 'string', jsonPath: '.status.state' },
    // string, not date: kubectl prints future dates as <invalid>, and silences end in the future.
    { name: 'Starts', type: 'string', jsonPath: '.spec.startsAt' },
    { name: 'Ends', type: 'string', jsonPath: '.spec.endsAt' },
    { name: 'Creator', type: 'string', jsonPath: '.spec.creator', priority: 1 },
    ageColumn,
  ],
});

export type AlarmSilence = z.output<typeof alarmSilenceKind.schema>;
