// Creating a namespace with its quota and limit range is all or nothing: when a later step is
// refused, the namespace is deleted again so no half-configured namespace stays behind.
import type { UserMember } from '../member-access.js';
import type { NamespaceDetail } from '@nimbus/api';
import { namespaceDetail, namespacePath } from './namespace-detail.js';
import { createSpecObject, limitRangeFromForm, quotaFromForm } from './quota-limits.js';
import type { CreateNamespaceInput } from '@nimbus/api';

export async function createNamespace(
  member: UserMember,
  input: CreateNamespaceInput,
): Promise<NamespaceDetail> {
  const quota = quotaFromForm(input.resourceQuota);
  const limitRange = limitRangeFromForm(input.limitRange);
  await member.json({
    method: 'POST',
    path: '/api/v1/namespaces',
    body: {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name: input.name,
        ...(input.labels ? { labels: input.labels } : {}),
        ...(input.annotations ? { annotations: input.annotations } : {}),
      },
    },
  });
  try {
    if (quota) await createSpecObject(member, 'resourcequotas', input.name, quota);
    if (limitRange) await createSpecObject(member, 'limitranges', input.name, limitRange);
  } catch (error) {
    // The caller sees the refusal that stopped the creation, not the cleanup's outcome.
    await member.send({ method: 'DELETE', path: namespacePath(input.name) }).catch(() => undefined);
    throw error;
  }
  return namespaceDetail(member, input.name);
}
