import type { ParsedRegistrationCompletion, ParsedRegistrationInput } from '@nimbus/api';
import { ApiError, errors } from '../../core/errors.js';
import { alreadyExists, invalid } from '../../core/problems.js';
import { addressedOrganization, admins, assertAcceptsNewMembers } from '../../access/org-scope.js';
import { buildIdentity } from '../../identity/build-identity.js';
import type { Identity } from '../../identity/identity.js';
import type { ClusterServices } from '../registration.js';
import { createCluster } from '../registration.js';
import { MemberCallError } from '../member-client.js';
import { memberRbacApi, MemberRbacError } from '../rbac/member-rbac-api.js';
import { checkOutboundUrl } from '../../outbound/policy.js';
import { agentReference, agentUserName, memberAgentAnnotation } from './agent-api.js';
import { registrationCommand } from './command.js';
import { agentKubeconfig, parseCaBundle } from './credentials.js';
import { claimRegistrationToken, issueRegistrationToken } from './registration-tokens.js';

const provider = 'ProviderKubeconfig';

async function checkServer(services: ClusterServices, server: string): Promise<void> {
  if (!/^https:\/\//.test(server)) throw invalid('server', 'must be an https URL');
  const check = await checkOutboundUrl(server, services.policy ?? {}, services.resolve);
  if (!check.ok) throw invalid('server', `the API server address is refused: ${check.reason}`);
}

/**
 * A one-time command for registering `input.name` in the caller's organization. What the
 * registration will be (name, organization, region, server address if given) is fixed now,
 * with the caller's rights; the command only hands over the member's address, CA and token.
 */
export async function createRegistration(
  services: ClusterServices,
  identity: Identity,
  input: ParsedRegistrationInput,
  manageUrl: string,
  now: number = Date.now(),
) {
  const org = addressedOrganization(
    services.store.organizations,
    identity,
    input.organizationId,
    admins,
  );
  assertAcceptsNewMembers(org);
  if (await services.store.clusters.fetch(input.name)) throw alreadyExists(input.name);
  if (input.server) await checkServer(services, input.server);
  const expiresAt = new Date(now + input.expiresInMinutes * 60_000).toISOString();
  const token = await issueRegistrationToken(services.store, {
    cluster: input.name,
    organization: org.metadata.name,
    organizationUid: org.metadata.uid,
    region: input.region,
    ...(input.server ? { server: input.server } : {}),
    createdBy: identity.userName,
    createdByUid: identity.userId,
    expiresAt,
  });
  return {
    name: input.name,
    command: registrationCommand(manageUrl, token),
    manifestUrl: `${manageUrl}/registration/manifest`,
    expiresAt,
  };
}

/** Who the member says the token is: it must be the agent's ServiceAccount (rotation needs it). */
async function checkAgentToken(
  services: ClusterServices,
  kubeconfig: string,
  region: string,
): Promise<void> {
  const adapter = services.registry.adapter(provider);
  if (!adapter) throw new ApiError(errors.internal);
  const member = await services.connector.connect(adapter, { region }, { kubeconfig });
  let user: string | undefined;
  try {
    user = await memberRbacApi(member, {
      timeoutMs: services.memberTimeoutMs ?? 5_000,
    }).whoAmI();
  } catch (error) {
    if (error instanceof MemberRbacError && (error.status === 401 || error.status === 403)) {
      throw invalid('token', 'the member does not accept the token');
    }
    if (error instanceof MemberRbacError || error instanceof MemberCallError) {
      throw new ApiError(errors.clusterUnreachable, {
        message: `cluster is unreachable: ${error.message}`,
        cause: error,
      });
    }
    throw error;
  }
  if (user !== agentUserName) {
    throw invalid('token', `the token must be the ServiceAccount ${agentReference}'s`);
  }
}

/**
 * The command's hand-over: the token is claimed (once, until expiry), the member checked with
 * the agent's token, and the Cluster created as the administrator who asked for the command
 * (who must still administer the organization). A failure gives the token back, so the command
 * can be run again; success uses it up.
 */
export async function completeRegistration(
  services: ClusterServices,
  token: string,
  body: ParsedRegistrationCompletion,
  now: number = Date.now(),
): Promise<{ cluster: string; organization: string }> {
  const claim = await claimRegistrationToken(services.store, token, now);
  try {
    const { record } = claim;
    const creator = await services.store.users.fetch(record.createdBy);
    if (!creator || creator.metadata.uid !== record.createdByUid) {
      throw new ApiError(errors.noPermission, {
        message: 'the administrator who asked for this command no longer exists',
      });
    }
    const identity = buildIdentity(services.store, creator, {
      via: 'session',
      requestedOrganization: record.organizationUid,
    });
    const ca = parseCaBundle(body.ca);
    if (!ca) throw invalid('ca', 'must be the PEM certificate(s) of the cluster CA');
    const server = record.server ?? body.server;
    await checkServer(services, server);
    const kubeconfig = agentKubeconfig({ server, ca, token: body.token });
    await checkAgentToken(services, kubeconfig, record.region);
    const view = await createCluster(
      services,
      identity,
      provider,
      {
        name: record.cluster,
        organizationId: record.organizationUid,
        region: record.region,
        credentials: { kubeconfig },
      },
      { annotations: { [memberAgentAnnotation]: agentReference } },
    );
    await claim.complete();
    return { cluster: view.name, organization: view.organization };
  } catch (error) {
    await claim.release();
    throw error;
  }
}
