import type { ClusterBindingView, CreateUserBody, GeneralUpdateBody, UserView } from '@nimbus/api';
import { bindingsOf, rowsOf, type ClusterRoleRow } from '../../../components/admin/ClusterRoleRows';

export interface UserFormValues {
  userName: string;
  name?: string;
  email: string;
  password?: string;
  confirmPassword?: string;
  /** Organization admin, YES or NO. */
  isAdmin: boolean;
  groupIds?: string[];
  providers?: ClusterRoleRow[];
  /**
   * The user's bindings on clusters of other organizations: not shown (the form offers only the
   * edited organization's clusters) and sent back unchanged, so an edit never drops them.
   */
  otherBindings?: ClusterBindingView[];
}

export const NEW_USER_VALUES: Partial<UserFormValues> = {
  isAdmin: false,
  groupIds: [],
  providers: [],
};

/** The display name falls back to the user name, which the user can change later. */
const displayName = (values: UserFormValues): string => values.name?.trim() || values.userName;

export function createUserBody(values: UserFormValues, organizationId: string): CreateUserBody {
  return {
    userName: values.userName,
    name: displayName(values),
    email: values.email.trim(),
    password: values.password ?? '',
    organizationId,
    isAdmin: values.isAdmin,
    groupIds: values.groupIds ?? [],
    providers: bindingsOf(values.providers),
  };
}

export function updateUserBody(values: UserFormValues, organizationId: string): GeneralUpdateBody {
  const { password: _password, ...body } = createUserBody(values, organizationId);
  const others = (values.otherBindings ?? []).map(({ cluster, roleId, effect }) => ({
    cluster,
    roleId,
    effect,
  }));
  return { ...body, providers: [...(body.providers ?? []), ...others], updateType: 'general' };
}

/**
 * The form's values for an existing user, as a member of `organizationId`, whose clusters are
 * `clusters`: a binding belongs to the organization of its cluster.
 */
export function userFormValues(
  user: UserView,
  organizationId: string,
  clusters: readonly string[],
): UserFormValues {
  const ofOrganization = new Set(clusters);
  return {
    userName: user.userName,
    name: user.name,
    email: user.email,
    isAdmin: user.organizations.some((org) => org.uuid === organizationId && org.adminFlag),
    groupIds: user.groupUserBindings.map((group) => group.uuid),
    providers: rowsOf(user.providers.filter((b) => ofOrganization.has(b.cluster))),
    otherBindings: user.providers.filter((b) => !ofOrganization.has(b.cluster)),
  };
}
