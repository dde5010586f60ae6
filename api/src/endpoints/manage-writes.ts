import { z } from 'zod';
import { admins, endpoint, inOrg, json } from '../endpoint.js';
import {
  clusterDelete,
  clusterInput,
  clusterParams,
  clusterTest,
  clusterTestResultSchema,
  clusterUpdate,
  clusterViewSchema,
  monitorInput,
  providerKindParams,
} from '../schemas/cluster-requests.js';
import { pathRef } from '../schemas/common.js';
import { monitorViewSchema } from '../schemas/manage.js';

const clusters = '/manage.{host}/providers/:kind/clusters';
const inBodyOrg = { allow: admins, ...inOrg('body.organizationId') };

/** Registration of member clusters and their monitoring endpoints (SPEC §7). */
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
  testClusterConnection: endpoint({
    method: 'POST',
    path: `${clusters}/:cluster/test`,
    access: inBodyOrg,
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
  createMonitor: endpoint({
    method: 'POST',
    path: '/manage.{host}/monitors',
    access: inBodyOrg,
    summary: 'Set a monitoring endpoint of a cluster',
    tag: 'manage',
    body: monitorInput,
    response: json(monitorViewSchema),
  }),
  updateMonitor: endpoint({
    method: 'PUT',
    path: '/manage.{host}/monitors',
    access: inBodyOrg,
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
