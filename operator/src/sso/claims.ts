import { emailPattern, userNameMaxLength, userNamePattern } from '@nimbus/api/shared';
import type { IdentityProviderObject } from '../hub/store.js';

/** Who the provider says signed in, in Nimbus's terms. */
export interface ProviderProfile {
  /** The ID token's iss and sub: together they are the identity the user is linked to. */
  issuer: string;
  subject: string;
  userName: string;
  email: string;
  displayName?: string;
  groups: string[];
}

export class ProfileError extends Error {}

/**
 * A provider's user name as a Nimbus user name: lowercase; each run of other characters than
 * letters, digits, dots and hyphens becomes one hyphen (alice@corp.example → alice-corp.example);
 * each dot-separated label trimmed of hyphens. Two provider names may map to one Nimbus name:
 * the second to sign in is refused, since the name is linked to the first one's subject.
 */
export function nimbusUserName(raw: string): string | undefined {
  const labels = raw
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .split('.')
    .map((label) =>
      label
        .replace(/^-+|-+$/g, '')
        .slice(0, 63)
        .replace(/-+$/, ''),
    )
    .filter((label) => label !== '');
  const name = labels.join('.');
  return name.length <= userNameMaxLength && userNamePattern.test(name) ? name : undefined;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A groups claim is a list of names; some providers send one name as a string. */
function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((item): item is string => typeof item === 'string'))];
}

/**
 * Reads the configured claims. `claims` are the verified ID token's claims merged over the
 * userinfo answer (whose subject openid-client checked is the ID token's).
 */
export function profileOf(
  provider: Pick<IdentityProviderObject, 'spec'>,
  claims: Record<string, unknown>,
): ProviderProfile {
  const names = provider.spec.claims;
  const issuer = text(claims.iss);
  const subject = text(claims.sub);
  if (!issuer || !subject) throw new ProfileError('the ID token has no issuer or subject');
  const rawName = text(claims[names.userName]);
  if (!rawName) throw new ProfileError(`the provider sent no ${names.userName} claim`);
  const userName = nimbusUserName(rawName);
  if (!userName) {
    throw new ProfileError(`the ${names.userName} claim cannot be made a Nimbus user name`);
  }
  const email = text(claims[names.email]);
  if (!email || email.length > 254 || !emailPattern.test(email)) {
    throw new ProfileError(
      `the provider sent no valid ${names.email} claim (add the scope that releases it)`,
    );
  }
  const displayName = text(claims[names.displayName])?.slice(0, 253);
  return {
    issuer,
    subject,
    userName,
    email,
    ...(displayName ? { displayName } : {}),
    groups: groupsOf(claims[names.groups]),
  };
}
