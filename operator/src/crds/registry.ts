import { plainHttpRegistryKinds, registryKinds } from '@nimbus/api/shared';
import { z } from 'zod';
import { basicStatus, description, secretRef } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { nameRef, resourceNameRule } from './names.js';
import { withRule } from './rules.js';

/** host[:port], lowercase, no scheme or path. */
export const registryHostPattern =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*(:[0-9]{1,5})?$/;

export const registrySpec = withRule(
  z.object({
    kind: z.enum(registryKinds).meta({ description: 'Registry product.' }),
    host: z
      .string()
      .max(253)
      .regex(registryHostPattern, 'must be a lowercase host name with an optional port')
      .meta({ description: 'Registry host, e.g. docker.io or registry.example.com:5000.' }),
    organization: nameRef('Name of the Organization the registry belongs to.'),
    description: description.optional(),
    plainHttp: z.boolean().default(false).meta({
      description:
        'Reach the registry over plain http (no TLS): Harbor and Distribution only, at private network addresses or hosts the operator allows.',
    }),
    credentialsSecretRef: secretRef
      .optional()
      .meta({ description: 'Secret with the pull credentials; absent for anonymous access.' }),
  }),
  {
    rule: `!has(self.plainHttp) || !self.plainHttp || self.kind in [${plainHttpRegistryKinds.map((kind) => `'${kind}'`).join(', ')}]`,
    message: `plainHttp is only for ${plainHttpRegistryKinds.join(' and ')} registries; cloud registries serve https`,
    fieldPath: '.plainHttp',
    reason: 'FieldValueForbidden',
  },
  (spec) => !spec.plainHttp || plainHttpRegistryKinds.includes(spec.kind),
);

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
