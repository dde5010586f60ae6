import { z } from 'zod';
import { effectSchema } from './common.js';
import { permissionEffectSchema } from './iam-requests.js';

// What the IAM endpoints answer. Never a password, hash, MFA secret or secret key: the AK/SK
// reset (accessKeyPairSchema) is the one answer that shows a secret key, once, to its owner.

/** One per-cluster binding of a user or group, with the role's uuid and name. */
export const clusterBindingViewSchema = z.object({
  cluster: z.string(),
  /** Empty when the role does not exist (any more). */
  roleId: z.string(),
  roleName: z.string(),
  effect: effectSchema,
});

export const userOrganizationSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  cnName: z.string(),
  adminFlag: z.boolean(),
});

/** Effective access to one cluster, computed on the server (groups first, Deny wins). */
export const clusterAccessViewSchema = z.object({
  cluster: z.string(),
  effect: effectSchema,
  permissions: z.array(z.string()),
});

/** A user as the IAM endpoints show it; others' organizations are left out for admins. */
export const userViewSchema = z.object({
  uuid: z.string(),
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  sysAdminFlag: z.boolean(),
  mfaEnableFlag: z.boolean(),
  /**
   * The identity provider the user signs in with (single sign-on): no local password, and the
   * provider's own MFA instead of Nimbus's TOTP.
   */
  identityProvider: z.string().optional(),
  /** True only in the user's own view while the generated password must be changed. */
  mustChangePassword: z.boolean(),
  organizations: z.array(userOrganizationSchema),
  /** The user's own per-cluster bindings (what the user form edits). */
  providers: z.array(clusterBindingViewSchema),
  groupUserBindings: z.array(z.object({ uuid: z.string(), name: z.string() })),
  /** Only in the user's own view and a system admin's; empty otherwise. */
  clusterAccess: z.array(clusterAccessViewSchema),
  createdAt: z.string(),
});

/** An organization; adminFlag is the caller's, where the answer is about the caller. */
export const orgViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  cnName: z.string(),
  contact: z.string(),
  email: z.string(),
  description: z.string(),
  monitorKey: z.string(),
  monitorValue: z.string(),
  adminFlag: z.boolean().optional(),
  createdAt: z.string(),
});

export const groupViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  organizationId: z.string(),
  userIds: z.array(z.string()),
  providers: z.array(clusterBindingViewSchema),
  createdAt: z.string(),
});

export const rolePermissionSchema = z.object({ name: z.string(), effect: permissionEffectSchema });

export const roleViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  /** Empty for built-in roles, which belong to no organization. */
  organizationId: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(rolePermissionSchema),
  createdAt: z.string(),
});

/** An entry of the permission catalogue a role may allow or deny. */
export const permissionSchema = z.object({
  name: z.string(),
  group: z.string(),
  description: z.string(),
});
export const permissionsSchema = z.object({ items: z.array(permissionSchema) });

/** A list answered whole. */
export const userOrganizationsSchema = z.object({
  items: z.array(orgViewSchema),
  total: z.number().int().min(0),
});

/** A fresh invitation; the code is shown only in this answer (the hub keeps its SHA-256). */
export const invitationSchema = z.object({
  organizationId: z.string(),
  inviterId: z.string(),
  invitationCode: z.string(),
  expiresAt: z.string(),
});

/** The new AK/SK pair, answered once to its owner; only the credentials Secret keeps it. */
export const accessKeyPairSchema = z.object({ accessKey: z.string(), secretKey: z.string() });

/**
 * PUT /iam.{host}/users answers by updateType: general → the user, secretKey → the new pair,
 * password → null.
 */
export const userUpdateResultSchema = z.union([userViewSchema, accessKeyPairSchema, z.null()]);
