// "Edit YAML": the edited object replaces the live one as the caller. The resourceVersion it was
// read at is sent along, so the member refuses a stale edit with a conflict instead of
// overwriting someone else's change.
import type { ReplaceResourceBody } from '@nimbus/api';
import { invalid } from '../../core/problems.js';
import type { IndexedKind } from '../../index/kinds.js';
import type { KubeObject } from '../../index/trim.js';
import { lastAppliedAnnotation } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import { objectPath } from '../resources/object-path.js';

const apiVersionOf = (kind: IndexedKind) =>
  kind.group === '' ? kind.version : `${kind.group}/${kind.version}`;

/** The edit must still be the object in the path: same kind, name and namespace. */
function checkIdentity(
  kind: IndexedKind,
  name: string,
  namespace: string | undefined,
  edited: ReplaceResourceBody,
): void {
  if (kind.metadataOnly) {
    throw invalid('kind', `${kind.kind} data is never shown, so it cannot be edited as YAML`);
  }
  if (edited.kind !== kind.kind) throw invalid('kind', `must stay ${kind.kind}`);
  if (edited.apiVersion !== apiVersionOf(kind)) {
    throw invalid('apiVersion', `must stay ${apiVersionOf(kind)}`);
  }
  if (edited.metadata.name !== name) throw invalid('metadata.name', `must stay ${name}`);
  const editedNamespace = edited.metadata.namespace;
  if (editedNamespace !== undefined && editedNamespace !== namespace) {
    throw invalid('metadata.namespace', namespace ? `must stay ${namespace}` : 'must be absent');
  }
}

/**
 * The console hides kubectl's last-applied copy; an edit that does not mention it keeps the live
 * one, so a later `kubectl apply` still knows what it applied.
 */
function keepLastApplied(edited: ReplaceResourceBody, live: KubeObject): ReplaceResourceBody {
  const liveCopy = live.metadata?.annotations?.[lastAppliedAnnotation];
  const annotations = (edited.metadata.annotations ?? {}) as Record<string, string>;
  if (liveCopy === undefined || lastAppliedAnnotation in annotations) return edited;
  return {
    ...edited,
    metadata: {
      ...edited.metadata,
      annotations: { ...annotations, [lastAppliedAnnotation]: liveCopy },
    },
  };
}

export async function replaceObject(
  member: UserMember,
  kind: IndexedKind,
  name: string,
  namespace: string | undefined,
  edited: ReplaceResourceBody,
): Promise<KubeObject> {
  checkIdentity(kind, name, namespace, edited);
  const path = objectPath(kind, name, namespace);
  const live = await member.json<KubeObject>({ path });
  const body = keepLastApplied(
    namespace === undefined ? edited : { ...edited, metadata: { ...edited.metadata, namespace } },
    live,
  );
  return member.json<KubeObject>({ method: 'PUT', path, body });
}
