import { z } from 'zod';
import { ruleMessages } from '../shared/accounts.js';
import { resourceNameMessage, resourceNamePattern } from '../shared/names.js';
import {
  displayNameRule,
  emailRule,
  newPasswordShape,
  userNameRule,
  withMatchingPasswords,
} from './accounts.js';
import { effectSchema } from './common.js';

// What the IAM endpoints accept; ids are uuids (metadata.uid) or names.

const required = ruleMessages.required;

/** A trimmed, non-empty string; blank or missing gives "Required". */
export const requiredText = (max = 253) =>
  z.string({ error: required }).trim().min(1, required).max(max);

/** An id the API accepts: the object's uuid (metadata.uid) or its name. */
export const idRef = requiredText(253);

export const resourceNameRule = requiredText(63).regex(resourceNamePattern, resourceNameMessage);

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Role permission effect: each permission of a role allows or denies. */
export const permissionEffectSchema = z.enum(['allow', 'deny']);

/** A per-cluster binding as the user and group forms send it (effect Allow by default). */
export const providerInput = z.object({
  cluster: resourceNameRule,
  roleId: idRef,
  effect: effectSchema.default('Allow'),
});

const providers = z.array(providerInput).max(256);
const ids = z.array(idRef).max(1024);

/** Fields only an administrator may change; validated here, authorised in the services. */
const privileged = {
  sysAdminFlag: z.boolean().optional(),
  isAdmin: z.boolean().optional(),
  groupIds: ids.optional(),
  providers: providers.optional(),
};

export const createUserBody = z
  .object({
    userName: userNameRule,
    name: displayNameRule.optional(),
    email: emailRule,
    password: newPasswordShape.password,
    verifyPassword: z.string().optional(),
    organizationId: idRef,
    ...privileged,
  })
  .refine((b) => b.verifyPassword === undefined || b.verifyPassword === b.password, {
    message: ruleMessages.unmatchedPassword,
    path: ['verifyPassword'],
  });

export const generalUpdateBody = z.object({
  updateType: z.literal('general'),
  userName: userNameRule,
  name: displayNameRule.optional(),
  email: emailRule.optional(),
  organizationId: idRef.optional(),
  ...privileged,
});

export const passwordUpdateBody = withMatchingPasswords(
  z.object({
    updateType: z.literal('password'),
    userName: userNameRule,
    oldPassword: z.string().max(256).optional(),
    ...newPasswordShape,
  }),
);

export const secretKeyUpdateBody = z.object({
  updateType: z.literal('secretKey'),
  userName: userNameRule,
});

/** PUT /iam.{host}/users: updateType general, password or secretKey. */
export const updateUserBody = z.discriminatedUnion(
  'updateType',
  [generalUpdateBody, passwordUpdateBody, secretKeyUpdateBody],
  { error: 'updateType must be one of general, password, secretKey' },
);

export const groupBody = z.object({
  uuid: z.string().trim().optional(),
  name: resourceNameRule,
  description: optionalText(1024),
  organizationId: idRef,
  userIds: ids.default([]),
  providers: providers.default([]),
});

export const roleBody = z.object({
  uuid: z.string().trim().optional(),
  name: resourceNameRule,
  description: optionalText(1024),
  organizationId: idRef,
  permissions: z
    .array(z.object({ name: requiredText(253), effect: permissionEffectSchema }))
    .max(512)
    .default([]),
});

const organizationFields = {
  cnName: resourceNameRule,
  contact: requiredText(253),
  email: emailRule,
  description: optionalText(1024),
  monitorKey: optionalText(317),
  monitorValue: optionalText(63),
};

export const createOrganizationBody = z.object({ name: resourceNameRule, ...organizationFields });

export const updateOrganizationBody = z.object({ uuid: idRef, ...organizationFields });

/**
 * Inviter and invitation code each trimmed and Required; the invitee is the caller's
 * id. The organization is the path's.
 */
export const joinBody = z.object({
  inviter: requiredText(253),
  invitationCode: requiredText(256),
  invitee: requiredText(253),
});
