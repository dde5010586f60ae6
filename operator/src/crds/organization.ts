import { z } from 'zod';
import { basicStatus, description, email, text } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { listMap } from './rules.js';
import { resourceName, resourceNameRule, userRef } from './names.js';

const invitation = z.object({
  codeHash: z
    .string()
    .regex(/^[a-f0-9]{64}$/, 'must be a hex SHA-256 digest')
    .meta({ description: 'SHA-256 of the invitation code; the code itself is never stored.' }),
  inviter: userRef('User who issued the invitation.'),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});

export const organizationSpec = z.object({
  cnName: resourceName.meta({ description: 'Alias of the organization.' }),
  contact: text(253).min(1).meta({ description: 'Contact person or phone number.' }),
  email: email.meta({ description: 'Contact email.' }),
  description: description.optional(),
  monitorKey: text(317).optional().meta({ description: 'Label key selecting monitoring data.' }),
  monitorValue: text(63).optional().meta({ description: 'Label value selecting monitoring data.' }),
  invitations: listMap(z.array(invitation), 'codeHash')
    .optional()
    .meta({ description: 'Open invitations to join the organization.' }),
});

export const organizationStatus = basicStatus;

export const organizationKind = defineKind({
  kind: 'Organization',
  plural: 'organizations',
  shortNames: ['norg'],
  description: 'A tenant of Nimbus: users, groups, roles, clusters and registries belong to one.',
  name: resourceNameRule,
  spec: organizationSpec,
  status: organizationStatus,
  printerColumns: [
    { name: 'Alias', type: 'string', jsonPath: '.spec.cnName' },
    { name: 'Contact', type: 'string', jsonPath: '.spec.contact' },
    { name: 'Email', type: 'string', jsonPath: '.spec.email' },
    ageColumn,
  ],
});

export type Organization = z.output<typeof organizationKind.schema>;
