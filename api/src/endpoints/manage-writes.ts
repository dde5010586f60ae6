import { z } from 'zod';
import { admins, endpoint, everyone, inOrg, json } from '../endpoint.js';
import {
  clusterDelete,
  clusterInput,
  clusterParams,
  clusterTest,
  clusterTestResultSchema,
  clusterUpdate,
  clusterViewSchema,
  namedClusterInput,
  namedClusterParams,
  providerKindParams,
} from '../schemas/cluster-requests.js';
import { pathRef } from '../schemas/common.js';
import {
  monitorCandidatesSchema,
  monitorInput,
  monitorViewSchema,
} from '../schemas/monitor-requests.js';

const clusters = '/manage.{host}/providers/:kind/clusters';
const inBodyOrg = { allow: admins, ...inOrg('body.organizationId') };
const monitorWrite = {
  ...inBodyOrg,
  note: 'A direct address only from a system administrator; others name a Service of the cluster.',
};

/** Registration of member clusters and their monitoring endpoints. */
export const manageWriteEndpoints = {
  registerCluster: endpoint({
    method: 'POST',
    path: clusters,
    access: inBodyOrg,
    summary: 'Register a cluster',
    tag: 'manage',
    params: providerKindParams,
    body: clusterInput,
    response: json(clusterViewSchema),
  }),
  registerNamedCluster: endpoint({
    method: 'POST',
    path: `${clusters}/:cluster`,
    access: inBodyOrg,
    summary: 'Register a cluster under the name in its path',
    tag: 'manage',
    params: namedClusterParams,
    body: namedClusterInput,
    response: json(clusterViewSchema),
  }),
  testClusterConnection: endpoint({
    method: 'POST',
    changesNothing: true,
    path: `${clusters}/:cluster/test`,
    access: {
      allow: everyone,
      ...inOrg('body.organizationId'),
      permission: { name: 'cluster:test', on: 'organization' },
      note: 'Members test a registered cluster with its stored credentials where a role grants cluster:test; new credentials only its administrators.',
    },
    summary: 'Test a cluster connection',
    tag: 'manage',
    params: clusterParams,
    body: clusterTest,
    response: json(clusterTestResultSchema),
  }),
  updateCluster: endpoint({
    method: 'PUT',
    path: `${clusters}/:cluster`,
    access: inBodyOrg,
    summary: 'Update a cluster',
    tag: 'manage',
    params: clusterParams,
    body: clusterUpdate,
    response: json(clusterViewSchema),
  }),
  deleteCluster: endpoint({
    method: 'DELETE',
    path: `${clusters}/:cluster`,
    access: inBodyOrg,
    summary: 'Delete a cluster',
    tag: 'manage',
    params: clusterParams,
    body: clusterDelete,
    response: json(z.object({ name: z.string() })),
  }),
  discoverMonitorServices: endpoint({
    method: 'POST',
    changesNothing: true,
    path: `${clusters}/:cluster/monitor-services`,
    access: {
      ...inBodyOrg,
      note: "Read with the registration's credentials, as the connection test (the wizard's unsaved ones).",
    },
    summary: 'Find the Prometheus and Alertmanager Services of a cluster',
    tag: 'manage',
    params: clusterParams,
    body: clusterTest,
    response: json(monitorCandidatesSchema),
  }),
  createMonitor: endpoint({
    method: 'POST',
    path: '/manage.{host}/monitors',
    access: monitorWrite,
    summary: 'Set a monitoring endpoint of a cluster',
    tag: 'manage',
    body: monitorInput,
    response: json(monitorViewSchema),
  }),
  updateMonitor: endpoint({
    method: 'PUT',
    path: '/manage.{host}/monitors',
    access: monitorWrite,
    summary: 'Change a monitoring endpoint',
    tag: 'manage',
    body: monitorInput,
    response: json(monitorViewSchema),
  }),
  deleteMonitor: endpoint({
    method: 'DELETE',
    path: '/manage.{host}/monitors/:id',
    access: {
      allow: admins,
      note: "The handler checks that the caller administers the cluster's organization.",
    },
    summary: 'Remove a monitoring endpoint',
    tag: 'manage',
    params: z.object({ id: pathRef }),
    response: json(z.object({ id: z.string() })),
  }),
} as const;
