import { endpoint, json } from '../endpoint.js';
import { locationPath } from '../schemas/common.js';
import { kubeObjectSchema } from '../schemas/kube.js';
import {
  cronJobParams,
  deleteWorkloadQuery,
  hotfixBody,
  hotfixParams,
  rollbackBody,
  rolloutParams,
  scaleBody,
  scaleParams,
  suspendBody,
  workloadParams,
} from '../schemas/workload-requests.js';
import {
  revisionsSchema,
  workloadEventsSchema,
  workloadPodsSchema,
  workloadServicesSchema,
} from '../schemas/workloads.js';

// Paths name the member's collection (deployments, cronjobs …) so the audit records the target as
// `{kind}/{subresource}` like Kubernetes audit's objectRef. `:kind` matches any segment: declare
// fixed collections of the same shape (configmaps, secrets) before these.
const k8sWorkload = `/k8s.{host}${locationPath}/namespaces/:namespace/:kind/:name`;
const crdWorkload = `/crd.{host}${locationPath}/namespaces/:namespace/:kind/:name`;
const k8sCronJob = `/k8s.{host}${locationPath}/namespaces/:namespace/cronjobs/:name`;

export const asCaller = (rbac: string) => ({
  allow: 'authenticated' as const,
  note: `Then the member decides as the caller (${rbac}).`,
});

/** The lifecycle of applications, each call made as the caller on the member. */
export const workloadEndpoints = {
  scaleWorkload: endpoint({
    method: 'PUT',
    path: `${k8sWorkload}/scale`,
    access: asCaller('application:scale: the scale subresource'),
    summary: 'Scale a Deployment or StatefulSet by hand',
    tag: 'k8s',
    params: scaleParams,
    body: scaleBody,
    response: json(kubeObjectSchema),
  }),
  restartWorkload: endpoint({
    method: 'POST',
    path: `${k8sWorkload}/restart`,
    access: asCaller('application:restart: patch of the workload'),
    summary: 'Restart: replace every pod, as kubectl rollout restart does',
    tag: 'k8s',
    params: rolloutParams,
    response: json(kubeObjectSchema),
  }),
  rollbackWorkload: endpoint({
    method: 'POST',
    path: `${k8sWorkload}/rollback`,
    access: asCaller('application:rollback: read revisions, patch the workload'),
    summary: 'Roll back to a revision, as kubectl rollout undo --to-revision does',
    tag: 'k8s',
    params: rolloutParams,
    body: rollbackBody,
    response: json(kubeObjectSchema),
  }),
  hotfixWorkload: endpoint({
    method: 'PATCH',
    path: `${k8sWorkload}/hotfix`,
    access: asCaller('application:rollback: patch of the workload'),
    summary: "Hotfix: change one container's image or environment in place",
    tag: 'k8s',
    params: hotfixParams,
    body: hotfixBody,
    response: json(kubeObjectSchema),
  }),
  suspendCronJob: endpoint({
    method: 'PUT',
    path: `${k8sCronJob}/suspend`,
    access: asCaller('application:update: patch of the cron job'),
    summary: 'Suspend or resume a CronJob',
    tag: 'k8s',
    params: cronJobParams,
    body: suspendBody,
    response: json(kubeObjectSchema),
  }),
  runCronJob: endpoint({
    method: 'POST',
    path: `${k8sCronJob}/run`,
    access: asCaller('application:create: a Job from the template, owned by the cron job'),
    summary: 'Run a CronJob now, as kubectl create job --from=cronjob/… does',
    tag: 'k8s',
    params: cronJobParams,
    response: json(kubeObjectSchema),
  }),
  deleteWorkload: endpoint({
    method: 'DELETE',
    path: k8sWorkload,
    access: asCaller('application:delete'),
    summary: 'Delete an application and, by default in the background, what it owns',
    tag: 'k8s',
    params: workloadParams,
    query: deleteWorkloadQuery,
    response: json(kubeObjectSchema),
  }),
  listWorkloadRevisions: endpoint({
    method: 'GET',
    path: `${crdWorkload}/revisions`,
    access: asCaller('application:list: replica sets and controller revisions'),
    summary: 'Revisions of a rollout, newest first',
    tag: 'crd',
    params: rolloutParams,
    response: json(revisionsSchema),
  }),
  listWorkloadPods: endpoint({
    method: 'GET',
    path: `${crdWorkload}/pods`,
    access: asCaller('application:list'),
    summary: "Pods the workload's selector picks",
    tag: 'crd',
    params: workloadParams,
    response: json(workloadPodsSchema),
  }),
  listWorkloadEvents: endpoint({
    method: 'GET',
    path: `${crdWorkload}/events`,
    access: asCaller('event:list'),
    summary: 'Events about the workload, newest first',
    tag: 'crd',
    params: workloadParams,
    response: json(workloadEventsSchema),
  }),
  listWorkloadServices: endpoint({
    method: 'GET',
    path: `${crdWorkload}/services`,
    access: asCaller('service:list'),
    summary: "Services whose selector picks the workload's pods",
    tag: 'crd',
    params: workloadParams,
    response: json(workloadServicesSchema),
  }),
} as const;
