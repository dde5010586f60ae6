// A Service from its form and, with "use ingress", its Ingress: all or nothing, so a refused
// ingress leaves no service behind.
import type { ServiceInput } from '@nimbus/api';
import { kindCollectionPath, kindDeclaration } from '@nimbus/api/shared';
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { serviceIngressManifest, serviceManifest } from './network-manifests.js';

const servicesPath = (namespace: string) =>
  kindCollectionPath(kindDeclaration('Service'), namespace);
const ingressesPath = (namespace: string) =>
  kindCollectionPath(kindDeclaration('Ingress'), namespace);

export async function createService(
  member: UserMember,
  namespace: string,
  input: ServiceInput,
): Promise<KubeObject> {
  const service = await member.json<KubeObject>({
    method: 'POST',
    path: servicesPath(namespace),
    body: serviceManifest(input, namespace),
  });
  const ingress = serviceIngressManifest(input, namespace);
  if (!ingress) return service;
  try {
    await member.json({ method: 'POST', path: ingressesPath(namespace), body: ingress });
  } catch (error) {
    // The caller sees the refusal that stopped the creation, not the cleanup's outcome.
    await member
      .send({
        method: 'DELETE',
        path: `${servicesPath(namespace)}/${encodeURIComponent(input.name)}`,
      })
      .catch(() => undefined);
    throw error;
  }
  return service;
}
