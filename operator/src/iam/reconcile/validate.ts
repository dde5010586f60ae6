import { permissionNames } from '../../access/catalogue.js';
import type {
  OrganizationObject,
  RoleObject,
  UserGroupObject,
  UserObject,
} from '../../hub/store.js';
import type { IamReader } from '../../hub/directory.js';
import { organizationsOf } from '../../hub/directory.js';
import { organizationOf } from '../../access/org-scope.js';
import type { Verdict } from '../../controllers/conditions.js';
import { fine, wrong } from '../../controllers/conditions.js';

interface Problem {
  reason: string;
  message: string;
}

const maxMessageLength = 1024;

function verdictOf(problems: readonly Problem[], okMessage: string): Verdict {
  const [first] = problems;
  if (!first) return fine('ReferencesResolved', okMessage);
  const message = problems.map((p) => p.message).join('; ');
  return {
    ...wrong(
      first.reason,
      message.length > maxMessageLength ? `${message.slice(0, 1021)}...` : message,
    ),
    problems,
  };
}

type Binding = { cluster: string; role: string };

const namedUsers = 10;

/** "user a", "users a, b and c", "users a, …, j and 5 more". */
function usersNamed(names: readonly string[]): string {
  if (names.length === 1) return `user ${names[0]}`;
  const shown = names.slice(0, names.length > namedUsers ? namedUsers : names.length - 1);
  const rest = names.length - shown.length;
  const last = rest === 1 ? (names.at(-1) as string) : `${rest} more`;
  return `users ${shown.join(', ')} and ${last}`;
}

/**
 * A binding counts only inside the organization that owns its cluster (access/effective.ts):
 * the cluster's organization must be one of `orgs` (the group's, or the user's memberships),
 * and the role built in or of that organization. Anything else is reported and ignored. A
 * cluster not registered yet is not an error: the binding waits for it.
 */
function bindingProblems(reader: IamReader, bindings: readonly Binding[], orgs: readonly string[]) {
  const problems: Problem[] = [];
  for (const { cluster: clusterName, role: name } of bindings) {
    const cluster = reader.clusters.get(clusterName);
    const owner = cluster ? organizationOf(cluster, reader.organizations) : undefined;
    if (cluster && (owner === undefined || !orgs.includes(owner))) {
      problems.push({
        reason: 'BindingOutsideOrganization',
        message: `cluster ${clusterName} belongs to organization ${owner ?? '(none)'}, not to ${orgs.join(', ') || 'any organization of the user'}; the binding is ignored`,
      });
      continue;
    }
    const role = reader.roles.get(name);
    const roleOrgs = owner === undefined ? orgs : [owner];
    if (!role) {
      problems.push({
        reason: 'RoleNotFound',
        message: `role ${name} (cluster ${clusterName}) does not exist`,
      });
    } else if (role.spec.builtIn !== true && !roleOrgs.includes(role.spec.organization ?? '')) {
      problems.push({
        reason: 'RoleNotInOrganization',
        message: `role ${name} (cluster ${clusterName}) belongs to organization ${role.spec.organization ?? ''}`,
      });
    }
  }
  return problems;
}

function organizationProblem(reader: IamReader, org: string): Problem[] {
  return reader.organizations.get(org)
    ? []
    : [{ reason: 'OrganizationNotFound', message: `organization ${org} does not exist` }];
}

export function validateOrganization(_reader: IamReader, org: OrganizationObject): Verdict {
  return fine('Valid', `${org.status?.invitations?.length ?? 0} open invitations`);
}

export function validateUser(reader: IamReader, user: UserObject, namespace: string): Verdict {
  const orgs = organizationsOf(user);
  const problems = [
    ...orgs.flatMap((org) => organizationProblem(reader, org)),
    ...bindingProblems(reader, user.spec.clusterPermissions ?? [], orgs),
  ];
  const ref = user.spec.initialPasswordSecretRef;
  if (ref?.namespace !== undefined && ref.namespace !== namespace) {
    problems.push({
      reason: 'SecretNamespaceNotAllowed',
      message: `initialPasswordSecretRef must name a Secret in namespace ${namespace}`,
    });
  }
  return verdictOf(problems, `member of ${orgs.length} organizations`);
}

export function validateUserGroup(reader: IamReader, group: UserGroupObject): Verdict {
  const org = group.spec.organization;
  const problems = organizationProblem(reader, org);
  // One problem per reason, naming its members, in the order the members first show them: a
  // group applied before its users is one Warning, not one per user (controllers/events.ts).
  const named = new Map<'MemberNotFound' | 'MemberNotInOrganization', string[]>();
  const note = (reason: 'MemberNotFound' | 'MemberNotInOrganization', member: string) => {
    const members = named.get(reason);
    if (members) members.push(member);
    else named.set(reason, [member]);
  };
  for (const member of group.spec.members ?? []) {
    const user = reader.users.get(member);
    if (!user) note('MemberNotFound', member);
    else if (!organizationsOf(user).includes(org)) note('MemberNotInOrganization', member);
  }
  for (const [reason, members] of named) {
    const one = members.length === 1;
    const message =
      reason === 'MemberNotFound'
        ? `${usersNamed(members)} ${one ? 'does' : 'do'} not exist`
        : `${usersNamed(members)} ${one ? 'is not a member' : 'are not members'} of organization ${org}`;
    problems.push({ reason, message });
  }
  problems.push(...bindingProblems(reader, group.spec.clusterPermissions ?? [], [org]));
  return verdictOf(problems, `${group.spec.members?.length ?? 0} members`);
}

export function validateRole(reader: IamReader, role: RoleObject): Verdict {
  const problems: Problem[] =
    role.spec.builtIn === true ? [] : organizationProblem(reader, role.spec.organization ?? '');
  for (const permission of role.spec.permissions ?? []) {
    if (!permissionNames.has(permission.name)) {
      problems.push({
        reason: 'UnknownPermission',
        message: `permission ${permission.name} is not in the catalogue`,
      });
    }
  }
  return verdictOf(problems, `${role.spec.permissions?.length ?? 0} permissions`);
}
