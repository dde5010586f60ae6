import { registryKinds } from '@nimbus/api/shared';
import { z } from 'zod';
import { basicStatus, description, secretRef } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { nameRef, resourceNameRule } from './names.js';

/** host[:port], lowercase, no scheme or path. */
export const registryHostPattern =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*(:[0-9]{1,5})?$/;

export const registrySpec = z.object({
  kind: z.enum(registryKinds).meta({ description: 'Registry product.' }),
  host: z
    .string()
    .max(253)
    .regex(registryHostPattern, 'must be a lowercase host name with an optional port')
    .meta({ description: 'Registry host, e.g. docker.io or registry.example.com:5000.' }),
  organization: nameRef('Name of the Organization the registry belongs to.'),
  description: description.optional(),
  credentialsSecretRef: secretRef
    .optional()
    .meta({ description: 'Secret with the pull credentials; absent for anonymous access.' }),
});

export const registryStatus = basicStatus;

export const registryKind = defineKind({
  kind: 'Registry',
  plural: 'registries',
  shortNames: ['nreg'],
  description: 'An image registry available to an organization.',
  name: resourceNameRule,
  spec: registrySpec,
  status: registryStatus,
  printerColumns: [
    { name: 'Kind', type: 'string', jsonPath: '.spec.kind' },
    { name: 'Host', type: 'string', jsonPath: '.spec.host' },
    { name: 'Organization', type: 'string', jsonPath: '.spec.organization' },
    ageColumn,
  ],
});

export type Registry = z.output<typeof registryKind.schema>;
