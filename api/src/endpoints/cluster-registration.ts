import { admins, endpoint, inOrg, json, raw } from '../endpoint.js';
import {
  credentialRotationSchema,
  registrationCommandSchema,
  registrationCompletion,
  registrationInput,
  registrationResultSchema,
} from '../schemas/cluster-registration.js';
import { clusterDelete, clusterParams } from '../schemas/cluster-requests.js';

/** Registering a member cluster with one command, and renewing its agent's credential. */
export const clusterRegistrationEndpoints = {
  createClusterRegistration: endpoint({
    method: 'POST',
    path: '/manage.{host}/registrations',
    access: {
      allow: admins,
      ...inOrg('body.organizationId'),
      note: 'The token is bound to the cluster name, organization and region given here, works once and expires; only the command holds it.',
    },
    summary: 'Register a cluster with a command: a one-time, expiring command',
    tag: 'manage',
    body: registrationInput,
    response: json(registrationCommandSchema),
  }),
  getAgentManifest: endpoint({
    method: 'GET',
    path: '/manage.{host}/registration/manifest',
    access: { allow: 'public', note: 'The same manifest for every member; it holds no secret.' },
    summary: 'The member agent manifest the command applies (namespace, ServiceAccount, RBAC)',
    tag: 'manage',
    response: raw('application/yaml', 'Kubernetes manifest (YAML, several documents)'),
  }),
  completeClusterRegistration: endpoint({
    method: 'POST',
    path: '/manage.{host}/registration',
    access: {
      allow: 'public',
      note: 'The one-time token in X-Nimbus-Registration-Token (1016 when unknown, used or expired); the address passes the outbound policy and the token must be the agent ServiceAccount’s.',
    },
    summary: 'Finish a registration by command: the member’s address, CA and agent token',
    tag: 'manage',
    body: registrationCompletion,
    errors: ['registrationTokenInvalid', 'clusterUnreachable', 'noPermission'],
    response: json(registrationResultSchema),
  }),
  rotateClusterCredentials: endpoint({
    method: 'POST',
    path: '/manage.{host}/providers/:kind/clusters/:cluster/credentials/rotate',
    access: { allow: admins, ...inOrg('body.organizationId') },
    summary: 'Renew the agent token of a cluster registered with a command now (TokenRequest)',
    tag: 'manage',
    params: clusterParams,
    body: clusterDelete,
    errors: ['clusterUnreachable'],
    response: json(credentialRotationSchema),
  }),
} as const;
