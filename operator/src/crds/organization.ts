import { z } from 'zod';
import { conditions, description, email, text } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { listMap } from './rules.js';
import { resourceName, resourceNameRule, userRef } from './names.js';

const invitation = z.object({
  codeHash: z
    .string()
    .regex(/^[a-f0-9]{64}$/, 'must be a hex SHA-256 digest')
    .meta({ description: 'SHA-256 of the invitation code; the code itself is never stored.' }),
  inviter: userRef('User who issued the invitation.'),
  expiresAt: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: 'When the code stops being accepted.' }),
});

const invitationList = listMap(z.array(invitation), 'codeHash');

export const organizationSpec = z.object({
  cnName: resourceName.meta({ description: 'Alias of the organization.' }),
  contact: text(253).min(1).meta({ description: 'Contact person or phone number.' }),
  email: email.meta({ description: 'Contact email.' }),
  description: description.optional(),
  monitorKey: text(317).optional().meta({ description: 'Label key selecting monitoring data.' }),
  monitorValue: text(63).optional().meta({ description: 'Label value selecting monitoring data.' }),
  invitations: invitationList.optional().meta({
    description:
      'Deprecated and ignored: written by Nimbus before v0.2. Open invitations are in status.invitations.',
  }),
});

/** Invitations are issued through the API, so they are the operator's state, not the author's. */
export const organizationStatus = z.object({
  conditions: conditions.optional(),
  invitations: invitationList
    .optional()
    .meta({ description: 'Open invitations to join the organization, newest last.' }),
});

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
    { name: 'Email', type: 'string', jsonPath: '.spec.email', priority: 1 },
    ...readyColumns,
    ageColumn,
  ],
});

export type Organization = z.output<typeof organizationKind.schema>;
