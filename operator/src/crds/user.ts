import { z } from 'zod';
import { basicStatus, clusterPermissions, email, secretRef, text } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { listMap } from './rules.js';
import { dnsLabel, dnsSubdomain, nameRef, userNameRule } from './names.js';

const membership = z.object({
  name: nameRef('Name of the Organization.'),
  admin: z.boolean().default(false).meta({ description: 'Organization administrator.' }),
});

/** GitOps: the operator hashes this Secret's value into the user's credentials once. */
const initialPasswordSecretRef = z
  .object({
    name: dnsSubdomain.meta({ description: 'Name of the Secret.' }),
    namespace: dnsLabel
      .optional()
      .meta({ description: 'Namespace of the Secret; default the operator namespace.' }),
    key: z
      .string()
      .max(253)
      .regex(/^[-._a-zA-Z0-9]+$/, 'must be a Secret data key')
      .meta({ description: 'Key of the password in the Secret data.' }),
  })
  .meta({ description: 'Secret holding the initial password, for users created with kubectl.' });

export const userSpec = z.object({
  email: email.meta({ description: 'Email address of the user.' }),
  displayName: text(253).optional().meta({ description: 'Name shown in the console.' }),
  sysAdmin: z.boolean().default(false).meta({ description: 'System administrator.' }),
  mfaEnabled: z.boolean().default(false).meta({ description: 'TOTP second factor required.' }),
  organizations: listMap(z.array(membership), 'name')
    .optional()
    .meta({ description: 'Organizations the user belongs to.' }),
  clusterPermissions: clusterPermissions.optional(),
  initialPasswordSecretRef: initialPasswordSecretRef.optional(),
  credentialsSecretRef: secretRef.optional().meta({
    description:
      'Secret owned by this user holding the password hash, AK/SK and MFA seed; set by the operator.',
  }),
});

export const userStatus = basicStatus;

export const userKind = defineKind({
  kind: 'User',
  plural: 'users',
  shortNames: ['nuser'],
  description: 'A person who signs in to Nimbus.',
  name: userNameRule,
  spec: userSpec,
  status: userStatus,
  rootRules: [
    {
      // Names longer than 248 characters get a digest (credentialsSecretName); CEL has no hash.
      rule: "!has(self.spec.credentialsSecretRef) || self.spec.credentialsSecretRef.name == 'user-' + self.metadata.name || (size(self.metadata.name) > 248 && self.spec.credentialsSecretRef.name.matches('^user-[0-9a-f]{64}$'))",
      message:
        "spec.credentialsSecretRef must name the user's own credentials Secret user-<user name>; leave it to the operator",
      fieldPath: '.spec.credentialsSecretRef',
      reason: 'FieldValueForbidden',
    },
    {
      rule: "!has(self.spec.initialPasswordSecretRef) || !(self.spec.initialPasswordSecretRef.name.startsWith('user-') || self.spec.initialPasswordSecretRef.name.startsWith('nimbus-cluster-'))",
      message:
        'spec.initialPasswordSecretRef must not name a Secret Nimbus keeps credentials in (names starting with user- or nimbus-cluster-)',
      fieldPath: '.spec.initialPasswordSecretRef',
      reason: 'FieldValueForbidden',
    },
  ],
  printerColumns: [
    { name: 'Email', type: 'string', jsonPath: '.spec.email' },
    { name: 'SysAdmin', type: 'boolean', jsonPath: '.spec.sysAdmin' },
    { name: 'MFA', type: 'boolean', jsonPath: '.spec.mfaEnabled', priority: 1 },
    ageColumn,
  ],
});

export type User = z.output<typeof userKind.schema>;
