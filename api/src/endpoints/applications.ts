import { z } from 'zod';
import { endpoint, json } from '../endpoint.js';
import {
  applicationBody,
  applicationCreatedSchema,
  autoscaleBody,
  autoscaleViewSchema,
} from '../schemas/application-requests.js';
import { locationPath, locationSchema } from '../schemas/common.js';
import { dnsLabel } from '../schemas/namespace-requests.js';
import { scaleParams } from '../schemas/workload-requests.js';
import { asCaller } from './workloads.js';

const k8sNamespace = `/k8s.{host}${locationPath}/namespaces/:namespace`;
const autoscalePath = `${k8sNamespace}/:kind/:name/autoscale`;

/** The shared application form, and "scale automatically". */
export const applicationEndpoints = {
  createApplication: endpoint({
    method: 'POST',
    path: `${k8sNamespace}/applications`,
    access: asCaller(
      'application:create, service:create, ingress:create, autoscaler:create as the form asks',
    ),
    summary: 'Create an application from the shared form: workload, optional Service and HPA',
    tag: 'k8s',
    params: locationSchema.extend({ namespace: dnsLabel }),
    body: applicationBody,
    response: json(applicationCreatedSchema),
  }),
  getAutoscale: endpoint({
    method: 'GET',
    path: autoscalePath,
    access: asCaller('autoscaler:list'),
    summary: "The workload's HorizontalPodAutoscaler, or null",
    tag: 'k8s',
    params: scaleParams,
    response: json(autoscaleViewSchema),
  }),
  setAutoscale: endpoint({
    method: 'PUT',
    path: autoscalePath,
    access: asCaller('autoscaler:create or autoscaler:update'),
    summary: 'Scale automatically: create or change the HorizontalPodAutoscaler',
    tag: 'k8s',
    params: scaleParams,
    body: autoscaleBody,
    response: json(autoscaleViewSchema),
  }),
  deleteAutoscale: endpoint({
    method: 'DELETE',
    path: autoscalePath,
    access: asCaller('autoscaler:delete'),
    summary: 'Stop scaling automatically: delete the HorizontalPodAutoscaler',
    tag: 'k8s',
    params: scaleParams,
    response: json(z.null()),
  }),
} as const;
