import { requireIdentity } from '../identity-locals.js';
import type { ClusterLocation, MemberAccess } from '../../k8s/member-access.js';
import { kindOf, namespaceFor } from '../../k8s/resources/kind-of.js';
import { publicObject } from '../../k8s/resources/sanitize.js';
import { importDocuments } from '../../k8s/yaml/import.js';
import { replaceObject } from '../../k8s/yaml/replace.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

const locationOf = ({ vendor, region, cluster }: ClusterLocation): ClusterLocation => ({
  vendor,
  region,
  cluster,
});

/** YAML import (dry run and apply) and "edit YAML", as the caller on the member. */
export function yamlImportEndpoints(members: MemberAccess): Implementation[] {
  return [
    implement('importYaml', async ({ params, body }, { res }) => {
      const member = await members.forCaller(requireIdentity(res), locationOf(params));
      return importDocuments(member, params.namespace, body.documents, body.dryRun);
    }),
    implement('replaceResource', async ({ params, query, body }, { res }) => {
      const kind = kindOf(params.kind);
      const namespace = namespaceFor(kind, query.namespace);
      const member = await members.forCaller(requireIdentity(res), locationOf(params));
      return publicObject(
        kind.name,
        await replaceObject(member, kind, params.name, namespace, body),
      );
    }),
  ];
}
