import { registrationTokenHeader } from '@nimbus/api';
import express from 'express';
import { ApiError, errors } from '../../core/errors.js';
import { agentManifestYaml } from '../../clusters/agent/manifest.js';
import { completeRegistration, createRegistration } from '../../clusters/agent/register.js';
import { rotateAgentCredentials } from '../../clusters/agent/rotation.js';
import type { ClusterServices } from '../../clusters/registration.js';
import { ownCluster } from '../../clusters/registration.js';
import { requestOrigin } from '../request-address.js';
import { requireIdentity } from '../identity-locals.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** The command posts with curl --data-urlencode; JSON works too (the API router parses it). */
const formBody = express.urlencoded({ extended: false, limit: '64kb' });

/** Registering a member cluster with one command (docs/providers/command.md). */
export function clusterRegistrationEndpoints(
  services: ClusterServices,
  host: string,
): Implementation[] {
  const manageUrl = (origin: string) => `${origin}/api/v1/manage.${host}`;
  return [
    implement('createClusterRegistration', ({ body }, { req, res }) =>
      createRegistration(services, requireIdentity(res), body, manageUrl(requestOrigin(req))),
    ),
    implement('getAgentManifest', (_input, { res }) => {
      res.type('application/yaml').send(agentManifestYaml());
      return undefined;
    }),
    implement(
      'completeClusterRegistration',
      ({ body }, { req }) => {
        const token = req.get(registrationTokenHeader);
        if (!token) throw new ApiError(errors.registrationTokenInvalid);
        return completeRegistration(services, token, body);
      },
      [formBody],
    ),
    implement('rotateClusterCredentials', async ({ params, body }, { res }) => {
      const cluster = await ownCluster(
        services,
        requireIdentity(res),
        params.kind,
        params.cluster,
        body.organizationId,
      );
      const issued = await rotateAgentCredentials(services, cluster);
      return { expiresAt: issued.expiresAt.toISOString() };
    }),
  ];
}
