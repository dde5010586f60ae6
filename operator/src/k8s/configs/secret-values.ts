// A write-only change of a secret's values on a member, as the caller.
import type { SecretValuesInput } from '@nimbus/api';
import type { KubeObject } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { mergePatch } from '../workloads/workload-paths.js';
import { configPath } from './config-objects.js';

/**
 * A JSON merge patch that sets `set` (through stringData, which the API server encodes into
 * data) and removes `remove` (a null in data removes the key), leaving every other key as it is:
 * no value is read, so none can leak.
 */
export function secretValuesPatch(input: SecretValuesInput): Record<string, unknown> {
  const removed = Object.fromEntries(input.remove.map((key) => [key, null]));
  return {
    ...(input.remove.length > 0 ? { data: removed } : {}),
    ...(Object.keys(input.set).length > 0 ? { stringData: input.set } : {}),
  };
}

export function updateSecretValues(
  member: UserMember,
  namespace: string,
  name: string,
  input: SecretValuesInput,
): Promise<KubeObject> {
  return member.json<KubeObject>({
    method: 'PATCH',
    path: configPath('secrets', namespace, name),
    contentType: mergePatch,
    body: secretValuesPatch(input),
  });
}
