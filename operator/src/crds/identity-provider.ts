import { groupMapping, identityProviderClaims, scopeToken } from '@nimbus/api';
import {
  defaultClaimNames,
  defaultScopes,
  issuerUrlMessage,
  issuerUrlPattern,
} from '@nimbus/api/shared';
import { z } from 'zod';
import { conditions, text } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { resourceNameRule } from './names.js';
import { listSet, withRule } from './rules.js';

/** Name of the Secret (operator namespace) holding a provider's client secret; never configurable. */
export function identityProviderSecretName(provider: string): string {
  return `nimbus-identity-provider-${provider}`;
}

/** The key of the client secret in that Secret. */
export const clientSecretKey = 'clientSecret';

export const identityProviderSpec = z.object({
  displayName: text(63)
    .min(1)
    .meta({ description: 'Label of the button on the login screen, e.g. "Company SSO".' }),
  issuer: z.string().max(2048).regex(issuerUrlPattern, issuerUrlMessage).meta({
    description:
      'Issuer URL; its /.well-known/openid-configuration is read. https, or http for hosts the operator allows (NIMBUS_OUTBOUND_ALLOW_HOSTS).',
  }),
  clientId: text(255).min(1).meta({ description: 'Client id Nimbus is registered with.' }),
  scopes: withRule(
    listSet(z.array(scopeToken).min(1).max(32)),
    { rule: "self.exists(s, s == 'openid')", message: 'scopes must include openid' },
    (scopes) => scopes.includes('openid'),
  )
    .default([...defaultScopes])
    .meta({ description: 'Scopes asked for; add the one that releases the groups claim.' }),
  claims: identityProviderClaims
    .default({ ...defaultClaimNames })
    .meta({ description: 'Which claims hold the user name, display name, email and groups.' }),
  groupMappings: z.array(groupMapping).max(200).optional().meta({
    description:
      'Provider groups mapped to organization membership and UserGroups, applied at every sign-in.',
  }),
  enabled: z
    .boolean()
    .default(true)
    .meta({ description: 'Whether the login screen offers the provider and sign-in works.' }),
});

export const identityProviderStatus = z.object({ conditions: conditions.optional() });

export const identityProviderKind = defineKind({
  kind: 'IdentityProvider',
  plural: 'identityproviders',
  shortNames: ['nidp'],
  description:
    'An OpenID Connect provider users sign in with (authorization code flow with PKCE). The client ' +
    'secret lives in the Secret nimbus-identity-provider-<name> (key clientSecret) of the operator ' +
    'namespace.',
  name: resourceNameRule,
  spec: identityProviderSpec,
  status: identityProviderStatus,
  printerColumns: [
    { name: 'Issuer', type: 'string', jsonPath: '.spec.issuer' },
    { name: 'Enabled', type: 'boolean', jsonPath: '.spec.enabled' },
    ...readyColumns,
    ageColumn,
  ],
});

export type IdentityProvider = z.output<typeof identityProviderKind.schema>;
