export type DerivedRole = 'system-admin' | 'organization-admin' | 'user';

export interface OrganizationMembership {
  name: string;
  uid: string;
  admin: boolean;
}

/** Who is calling; set by the auth middleware in res.locals.identity. */
export interface Identity {
  /** User metadata.name and metadata.uid. */
  userName: string;
  userId: string;
  sysAdmin: boolean;
  organizations: OrganizationMembership[];
  /** Organization NAME: the X-Nimbus-Organization header's (uid or name) if a member, else first. */
  currentOrganization?: string;
  /** Derived for currentOrganization (deriveRole). */
  role: DerivedRole;
  via: 'session' | 'signature';
  sessionId?: string;
  /** The access key of a signed (AK/SK) call: a stream it opened ends when the key is reset. */
  accessKey?: string;
  /** The bootstrap admin before the first password change (contract code 1010). */
  mustChangePassword?: boolean;
}

/**
 * The current organization is the requested one while the user still belongs to it,
 * else the first of the user's organizations. Returns the membership, or undefined without any.
 */
export function currentMembership(
  organizations: readonly OrganizationMembership[],
  requested: string | undefined,
): OrganizationMembership | undefined {
  const match =
    requested === undefined
      ? undefined
      : organizations.find((org) => org.uid === requested || org.name === requested);
  return match ?? organizations[0];
}

/** sysAdmin → system-admin; admin of the current organization → organization-admin. */
export function deriveRole(
  sysAdmin: boolean,
  current: OrganizationMembership | undefined,
): DerivedRole {
  if (sysAdmin) return 'system-admin';
  return current?.admin ? 'organization-admin' : 'user';
}
