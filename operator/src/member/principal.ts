/**
 * The name a member cluster sees for a Nimbus user: in the Impersonate-User header, in the
 * subjects of projected ClusterRoleBindings and in the impersonator role's resourceNames. The
 * prefix keeps Nimbus users apart from the member's own principals (a Nimbus user called
 * `system:admin` or `kubernetes-admin` must never act as the member's user of that name).
 */
export const memberUserPrefix = 'nimbus:';

export function memberUserName(userName: string): string {
  return `${memberUserPrefix}${userName}`;
}
