import { z } from 'zod';
import {
  claimNameMessage,
  claimNamePattern,
  defaultClaimNames,
  defaultScopes,
  issuerUrlMessage,
  issuerUrlPattern,
  scopeTokenMessage,
  scopeTokenPattern,
} from '../shared/identity-providers.js';
import { resourceNameMessage, resourceNamePattern } from '../shared/names.js';

// OpenID Connect providers (IdentityProvider). The client secret is write-only: it goes to the
// Secret nimbus-identity-provider-<name> of the operator namespace and no answer carries it.
// The claims and group mappings are the CRD's own fields too.

const resourceName = z.string().regex(resourceNamePattern, resourceNameMessage);
const claimName = z.string().trim().regex(claimNamePattern, claimNameMessage);

export const identityProviderClaims = z.object({
  userName: claimName.default(defaultClaimNames.userName).meta({
    description:
      'Claim holding the user name; lowercased, other characters than letters, digits, dots and hyphens become hyphens.',
  }),
  displayName: claimName
    .default(defaultClaimNames.displayName)
    .meta({ description: 'Claim holding the name shown in the console.' }),
  email: claimName
    .default(defaultClaimNames.email)
    .meta({ description: 'Claim holding the email address (required).' }),
  groups: claimName
    .default(defaultClaimNames.groups)
    .meta({ description: 'Claim holding the list of the user’s groups at the provider.' }),
});

export const groupMapping = z.object({
  group: z
    .string()
    .min(1)
    .max(256)
    .meta({ description: 'A group as the provider names it in the groups claim.' }),
  organization: resourceName.meta({
    description: 'Organization the group’s members join; the provider keeps that membership.',
  }),
  userGroup: resourceName
    .optional()
    .meta({ description: 'UserGroup of that organization the group’s members are put in.' }),
});

export const scopeToken = z.string().regex(scopeTokenPattern, scopeTokenMessage);

const identityProviderScopes = z
  .array(scopeToken)
  .min(1)
  .max(32)
  .refine((scopes) => scopes.includes('openid'), { message: 'must include openid' })
  .refine((scopes) => new Set(scopes).size === scopes.length, {
    message: 'entries must be distinct',
  });

const settings = {
  displayName: z.string().trim().min(1).max(63),
  issuer: z.string().trim().max(2048).regex(issuerUrlPattern, issuerUrlMessage),
  clientId: z.string().trim().min(1).max(255),
  /** Write-only. On update, absent keeps the stored secret while the issuer stays the same. */
  clientSecret: z.string().min(1).max(4096).optional(),
  scopes: identityProviderScopes.default([...defaultScopes]),
  claims: identityProviderClaims.default({ ...defaultClaimNames }),
  groupMappings: z.array(groupMapping).max(200).default([]),
  enabled: z.boolean().default(true),
};

export const identityProviderBody = z.object({ name: resourceName, ...settings });
export const identityProviderUpdateBody = z.object(settings);
export type ParsedIdentityProviderBody = z.output<typeof identityProviderBody>;
export type ParsedIdentityProviderUpdate = z.output<typeof identityProviderUpdateBody>;
export const identityProviderParams = z.object({ name: resourceName });

const readySchema = z.object({
  status: z.enum(['True', 'False', 'Unknown']),
  reason: z.string(),
  message: z.string(),
});

/** An identity provider as the admin screen shows it (never the client secret). */
export const identityProviderViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  scopes: z.array(z.string()),
  claims: z.object({
    userName: z.string(),
    displayName: z.string(),
    email: z.string(),
    groups: z.string(),
  }),
  groupMappings: z.array(
    z.object({ group: z.string(), organization: z.string(), userGroup: z.string().optional() }),
  ),
  enabled: z.boolean(),
  /** The Ready condition: the provider's discovery document was read (absent: not yet). */
  ready: readySchema.optional(),
  /** Where the provider must send the browser back to, for its client registration. */
  redirectUri: z.string(),
  createdAt: z.string(),
});
export type IdentityProviderView = z.output<typeof identityProviderViewSchema>;

/** What the login screen shows: a button per enabled provider. */
export const signInOptionSchema = z.object({ name: z.string(), displayName: z.string() });

export const authorizationStartSchema = z.object({
  /** Where the browser goes next: the provider's authorization endpoint. */
  authorizationUrl: z.string(),
});

/** The provider's answer, as it reached the console's callback route. */
export const signInCallbackBody = z.object({
  state: z.string().min(1).max(512),
  code: z.string().min(1).max(4096).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

export const logoutResultSchema = z.object({
  /** Set after a single sign-on session: the provider's own sign-out, offered to the user. */
  providerLogoutUrl: z.string().optional(),
  /** The provider's label, for the offer ("also sign out of …"). */
  providerName: z.string().optional(),
});
