import { kindDeclaration, type IndexedKindName } from '@nimbus/api/shared';
import type { KindDescriptor } from './types';

/** What the shared kind table says of a listed kind: its name, heading, plural and scope. */
export function kindIdentity(
  kind: IndexedKindName,
): Pick<KindDescriptor, 'kind' | 'labelKey' | 'plural' | 'namespaced'> {
  const { plural, namespaced } = kindDeclaration(kind);
  return { kind, labelKey: `kinds.${kind}`, plural, namespaced };
}
