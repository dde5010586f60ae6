import { z } from 'zod';
import { clusterPermissions, conditions, email, secretRef, text } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { listMap } from './rules.js';
import { dnsLabel, dnsSubdomain, nameRef, userNameRule } from './names.js';

const membership = z.object({
  name: nameRef('Name of the Organization.'),
  admin: z
    .boolean()
    .default(false)
    .meta({ description: 'The user administers this organization.' }),
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

/** Single sign-on: the provider account (issuer and subject) the user is linked to. */
const externalIdentity = z
  .object({
    provider: nameRef('IdentityProvider the user signs in with.'),
    issuer: text(2048).min(1).meta({ description: 'The provider’s issuer (the ID token’s iss).' }),
    subject: text(255)
      .min(1)
      .meta({ description: 'The user at the provider (the ID token’s sub).' }),
  })
  .meta({
    description:
      'Links the user to an identity provider account: written at the first single sign-on, or by an administrator to link an existing user. Sign-in matches issuer and subject, never the email.',
  });

export const userSpec = z.object({
  email: email.meta({ description: 'Email address of the user.' }),
  displayName: text(253).optional().meta({ description: 'Name shown in the console.' }),
  sysAdmin: z.boolean().default(false).meta({ description: 'System administrator.' }),
  mfaEnabled: z.boolean().default(false).meta({
    description:
      'Deprecated and ignored: whether the user bound a TOTP device is status.mfaEnabled, which the operator writes.',
  }),
  organizations: listMap(z.array(membership), 'name')
    .optional()
    .meta({ description: 'Organizations the user belongs to.' }),
  clusterPermissions: clusterPermissions.optional(),
  initialPasswordSecretRef: initialPasswordSecretRef.optional(),
  externalIdentity: externalIdentity.optional(),
  credentialsSecretRef: secretRef.optional().meta({
    description:
      "Deprecated and ignored: written by Nimbus before v0.2. The operator reports the user's credentials Secret in status.credentialsSecretRef.",
  }),
});

/** What the operator decides about a user; never written into the spec Git authors. */
export const userStatus = z.object({
  conditions: conditions.optional(),
  credentialsSecretRef: secretRef.optional().meta({
    description:
      'Secret the operator keeps for this user (password hash, AK/SK, MFA seed); owned by the User, so it goes with it.',
  }),
  mfaEnabled: z.boolean().optional().meta({
    description: 'The user bound a TOTP device; sign-in then asks for a code.',
  }),
});

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
        "spec.credentialsSecretRef is deprecated and may only name the user's own Secret user-<user name>; leave it out, the operator reports the Secret in status",
      fieldPath: '.spec.credentialsSecretRef',
      reason: 'FieldValueForbidden',
    },
    {
      rule: "!has(self.spec.initialPasswordSecretRef) || !(self.spec.initialPasswordSecretRef.name.startsWith('user-') || self.spec.initialPasswordSecretRef.name.startsWith('nimbus-cluster-'))",
      message:
        'spec.initialPasswordSecretRef must not name a Secret where Nimbus keeps credentials (names starting with user- or nimbus-cluster-)',
      fieldPath: '.spec.initialPasswordSecretRef',
      reason: 'FieldValueForbidden',
    },
  ],
  printerColumns: [
    { name: 'Email', type: 'string', jsonPath: '.spec.email' },
    { name: 'SysAdmin', type: 'boolean', jsonPath: '.spec.sysAdmin' },
    ...readyColumns,
    { name: 'MFA', type: 'boolean', jsonPath: '.status.mfaEnabled', priority: 1 },
    {
      name: 'IdentityProvider',
      type: 'string',
      jsonPath: '.spec.externalIdentity.provider',
      priority: 1,
    },
    ageColumn,
  ],
});

export type User = z.output<typeof userKind.schema>;
