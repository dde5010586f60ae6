import type { BodyFor, IdentityProviderView } from '@nimbus/api';
import { defaultClaimNames, defaultScopes } from '@nimbus/api/shared';

export interface ProviderFormValues {
  name: string;
  displayName: string;
  issuer: string;
  clientId: string;
  /** Write-only: empty on edit keeps the stored one (while the issuer stays the same). */
  clientSecret?: string;
  scopes: string[];
  claims: { userName: string; displayName: string; email: string; groups: string };
  groupMappings: Array<{ group: string; organization: string; userGroup?: string }>;
  enabled: boolean;
}

const NEW_PROVIDER: ProviderFormValues = {
  name: '',
  displayName: '',
  issuer: '',
  clientId: '',
  scopes: [...defaultScopes, 'groups'],
  claims: { ...defaultClaimNames },
  groupMappings: [],
  enabled: true,
};

export const valuesOf = (provider: IdentityProviderView | undefined): ProviderFormValues =>
  provider
    ? {
        name: provider.name,
        displayName: provider.displayName,
        issuer: provider.issuer,
        clientId: provider.clientId,
        scopes: provider.scopes,
        claims: provider.claims,
        groupMappings: provider.groupMappings,
        enabled: provider.enabled,
      }
    : NEW_PROVIDER;

export function bodyOf(values: ProviderFormValues): BodyFor<'createIdentityProvider'> {
  const secret = values.clientSecret?.trim();
  return {
    name: values.name.trim(),
    displayName: values.displayName.trim(),
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    ...(secret ? { clientSecret: secret } : {}),
    scopes: values.scopes,
    claims: values.claims,
    groupMappings: values.groupMappings.map((mapping) => ({
      group: mapping.group.trim(),
      organization: mapping.organization.trim(),
      ...(mapping.userGroup?.trim() ? { userGroup: mapping.userGroup.trim() } : {}),
    })),
    enabled: values.enabled,
  };
}
