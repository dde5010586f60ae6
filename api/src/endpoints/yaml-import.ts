import { endpoint, json } from '../endpoint.js';
import { locationPath } from '../schemas/common.js';
import { kubeObjectSchema } from '../schemas/kube.js';
import {
  importBody,
  importParams,
  importResultSchema,
  replaceResourceBody,
  replaceResourceParams,
  replaceResourceQuery,
} from '../schemas/yaml-import.js';

const k8sAt = `/k8s.{host}${locationPath}`;
const asCaller = (rbac: string) => ({
  allow: 'authenticated' as const,
  note: `Then the member decides as the caller, per document (${rbac}).`,
});

/** The add/import screen and the detail pages' "edit YAML", written as the caller. */
export const yamlImportEndpoints = {
  importYaml: endpoint({
    method: 'POST',
    path: `${k8sAt}/namespaces/:namespace/imports`,
    access: asCaller('server-side apply of each kind'),
    summary: 'Import documents: a dry run or a server-side apply, one result per document',
    tag: 'k8s',
    params: importParams,
    body: importBody,
    response: json(importResultSchema),
  }),
  replaceResource: endpoint({
    method: 'PUT',
    path: `${k8sAt}/resources/:kind/:name`,
    access: asCaller('update of the kind'),
    summary: 'Replace an object with its edited YAML; a stale resourceVersion is a conflict (1005)',
    tag: 'k8s',
    params: replaceResourceParams,
    query: replaceResourceQuery,
    body: replaceResourceBody,
    response: json(kubeObjectSchema),
  }),
} as const;
