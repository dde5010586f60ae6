import type { Invitation, OrgView, ParsedJoin } from '@nimbus/api';
import { denied, isSelf } from '../access/scope.js';
import type { IamCall } from './context.js';
import { resolve } from '../hub/directory.js';
import {
  acceptInvitation,
  hashInvitationCode,
  invitationInvalid,
  invitationTtlMs,
  newInvitationCode,
  withInvitation,
} from './invitation-codes.js';
import { assertAcceptsNewMembers } from '../access/org-scope.js';
import { openOrganizationIn } from './organization-in.js';
import { toOrgView } from './views.js';

const invitationsManager = 'nimbus-invitations';

/** GET /join/organizations/{orgId}: a fresh code, valid 7 days, shown only in this answer. */
export async function generateInvitation(
  call: IamCall,
  orgRef: string,
  now = new Date(),
): Promise<Invitation> {
  const org = openOrganizationIn(call, orgRef);
  const code = newInvitationCode();
  const expiresAt = new Date(now.getTime() + invitationTtlMs).toISOString();
  const added = { codeHash: hashInvitationCode(code), inviter: call.identity.userName, expiresAt };
  // Status under its own field manager: invitations are issued through the API, and the spec
  // belongs to whoever authored the organization (a GitOps pipeline must see no drift).
  await call.deps.store.organizations.modifyStatus(org.metadata.name, invitationsManager, (o) => ({
    invitations: withInvitation(o.status?.invitations ?? [], added, now),
  }));
  return {
    organizationId: org.metadata.uid,
    inviterId: call.identity.userId,
    invitationCode: code,
    expiresAt,
  };
}

/**
 * POST /join/organizations/{orgId}: the caller (invitee) joins with a code from an inviter.
 * The code is consumed in the same guarded write that checks it, so it works only once.
 */
export async function joinOrganization(
  call: IamCall,
  orgRef: string,
  body: ParsedJoin,
  now = new Date(),
): Promise<OrgView> {
  if (!isSelf(call.identity, body.invitee)) throw denied();
  const { store } = call.deps;
  const org = resolve(store.organizations, orgRef);
  if (!org) throw invitationInvalid();
  const name = org.metadata.name;
  const user = await store.users.fetch(call.identity.userName);
  const membership = user?.spec.organizations?.find((m) => m.name === name);
  if (membership) return toOrgView(org, membership.admin);
  assertAcceptsNewMembers(org);

  const isInviter = (inviterName: string): boolean => {
    const inviter = store.users.get(inviterName);
    return inviterName === body.inviter || inviter?.metadata.uid === body.inviter;
  };
  const consumed = await store.organizations.modifyStatus(name, invitationsManager, (current) => {
    const open = current.status?.invitations ?? [];
    const invitation = acceptInvitation(open, body.invitationCode, isInviter, now);
    return { invitations: open.filter((i) => i.codeHash !== invitation.codeHash) };
  });
  await store.users.modify(call.identity.userName, (spec) => ({
    ...spec,
    organizations: [...(spec.organizations ?? []), { name, admin: false }],
  }));
  return toOrgView(consumed, false);
}
