import { ApiError, errors } from '../core/errors.js';
import type { HubStore, IdentityProviderObject, UserObject } from '../hub/store.js';
import { leaveOrganization } from '../iam/memberships.js';
import type { ProviderProfile } from './claims.js';
import type { MembershipPlan } from './memberships.js';
import { planMemberships } from './memberships.js';

type Store = Pick<HubStore, 'users' | 'userGroups' | 'organizations' | 'clusters'>;

export function refused(message: string): ApiError {
  return new ApiError(errors.signInRefused, { message: `single sign-on was refused: ${message}` });
}

const linkedTo = (user: UserObject, profile: ProviderProfile): boolean =>
  user.spec.externalIdentity?.issuer === profile.issuer &&
  user.spec.externalIdentity.subject === profile.subject;

/**
 * The user linked to the provider account (issuer and subject), created at the first sign-in.
 * Never found by email or by name alone: a user of that name not linked to this account refuses
 * the sign-in, or whoever controls a provider could take over a local account by naming it.
 */
async function linkedUser(
  store: Store,
  provider: IdentityProviderObject,
  profile: ProviderProfile,
): Promise<UserObject> {
  const linked = store.users.list((user) => linkedTo(user, profile));
  if (linked.length > 1) {
    throw refused(
      `more than one user is linked to this account (${linked.map((u) => u.metadata.name).join(', ')})`,
    );
  }
  if (linked[0]) return linked[0];
  // The cache may not have a user another replica created a moment ago: ask the hub by name.
  const named = await store.users.fetch(profile.userName);
  if (named && linkedTo(named, profile)) return named;
  if (named) {
    throw refused(
      `the user name ${profile.userName} belongs to a user that is not linked to this ${provider.spec.displayName} account; an administrator can link it (spec.externalIdentity)`,
    );
  }
  try {
    return await store.users.create({
      metadata: { name: profile.userName },
      spec: {
        email: profile.email,
        ...(profile.displayName ? { displayName: profile.displayName } : {}),
        externalIdentity: {
          provider: provider.metadata.name,
          issuer: profile.issuer,
          subject: profile.subject,
        },
      },
    });
  } catch (error) {
    // Two first sign-ins at once: the other one created it.
    if (!(error instanceof ApiError) || error.entry !== errors.conflict) throw error;
    const created = await store.users.fetch(profile.userName);
    if (created && linkedTo(created, profile)) return created;
    throw refused(`the user name ${profile.userName} was taken meanwhile`);
  }
}

interface ProfileFields {
  email: string;
  displayName?: string | undefined;
  organizations?: Array<{ name: string; admin?: boolean | undefined }> | undefined;
  externalIdentity?: { provider: string; issuer: string; subject: string } | undefined;
}

/** The provider keeps the profile (email, display name) and the organizations it maps. */
function updatedSpec<S extends ProfileFields>(
  spec: S,
  provider: IdentityProviderObject,
  profile: ProviderProfile,
  plan: MembershipPlan,
): S {
  const next = structuredClone(spec);
  const current = next.organizations ?? [];
  const joined = [...plan.organizations]
    .filter(([org, member]) => member && !current.some((m) => m.name === org))
    .map(([name]) => ({ name, admin: false }));
  next.email = profile.email;
  if (profile.displayName) next.displayName = profile.displayName;
  if (joined.length > 0) next.organizations = [...current, ...joined];
  next.externalIdentity = {
    provider: provider.metadata.name,
    issuer: profile.issuer,
    subject: profile.subject,
  };
  return next;
}

/**
 * Signs the provider account in as its Nimbus user: finds or creates it, brings email, display
 * name and the mapped memberships up to what the provider said this time (a group removed at the
 * provider removes the membership), and returns the user as it is now.
 */
export async function signInUser(
  store: Store,
  provider: IdentityProviderObject,
  profile: ProviderProfile,
): Promise<UserObject> {
  const user = await linkedUser(store, provider, profile);
  const name = user.metadata.name;
  const plan = planMemberships(provider, profile.groups, store);
  const next = updatedSpec(user.spec, provider, profile, plan);
  let current = user;
  if (JSON.stringify(next) !== JSON.stringify(user.spec)) {
    current = await store.users.modify(name, (spec) => updatedSpec(spec, provider, profile, plan));
  }
  for (const [org, member] of plan.organizations) {
    const isMember = (current.spec.organizations ?? []).some((m) => m.name === org);
    if (!member && isMember) await leaveOrganization(store, name, org);
  }
  // Decided on the group as the hub has it now (patch reads it), not as the cache last saw it.
  for (const [group, member] of plan.userGroups) {
    await store.userGroups.patch(group, (current) => {
      const members = current.spec.members ?? [];
      if (members.includes(name) === member) return undefined;
      return {
        spec: { members: member ? [...members, name] : members.filter((m) => m !== name) },
      };
    });
  }
  return (await store.users.fetch(name)) ?? current;
}
