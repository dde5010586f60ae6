// YAML import: each document is sent on its own with server-side apply as the caller, so one
// refused document never stops the others, and the answer says what happened to every one.
import type { ImportItem, ImportResult } from '@nimbus/api';
import type { ImportableKind } from '@nimbus/api/shared';
import { importableKind } from '@nimbus/api/shared';
import { ApiError } from '../../core/errors.js';
import type { UserMember } from '../member-access.js';
import { memberRefusal, refusalIn } from '../member-errors.js';

/** The field manager of changes people make through the console. */
export const consoleFieldManager = 'nimbus-console';
export const applyPatch = 'application/apply-patch+yaml';

type Document = Record<string, unknown>;
type Metadata = Record<string, unknown>;

/** Fields the API server sets: a copy of `kubectl get -o yaml` imports like its manifest. */
const serverSetMetadata = new Set([
  'uid',
  'resourceVersion',
  'creationTimestamp',
  'generation',
  'managedFields',
  'selfLink',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
]);

export function importPath(kind: ImportableKind, name: string, namespace?: string): string {
  const group = kind.apiVersion.includes('/')
    ? `/apis/${kind.apiVersion}`
    : `/api/${kind.apiVersion}`;
  const at = namespace === undefined ? '' : `/namespaces/${encodeURIComponent(namespace)}`;
  return `${group}${at}/${kind.plural}/${encodeURIComponent(name)}`;
}

/** The document as applied: in its own namespace, else the chosen one; no server-set fields. */
export function manifestOf(
  document: Document,
  kind: ImportableKind,
  namespace: string,
): { manifest: Document; name: string; namespace?: string } {
  const metadata = Object.fromEntries(
    Object.entries(document.metadata as Metadata).filter(
      ([field]) => !serverSetMetadata.has(field),
    ),
  );
  const name = String(metadata.name);
  const { status: _status, ...rest } = document;
  if (!kind.namespaced) return { manifest: { ...rest, metadata }, name };
  const target = typeof metadata.namespace === 'string' ? metadata.namespace : namespace;
  return {
    manifest: { ...rest, metadata: { ...metadata, namespace: target } },
    name,
    namespace: target,
  };
}

async function importOne(
  member: UserMember,
  document: Document,
  index: number,
  chosenNamespace: string,
  dryRun: boolean,
): Promise<ImportItem> {
  const apiVersion = String(document.apiVersion);
  const kindName = String(document.kind);
  const kind = importableKind(apiVersion, kindName);
  const name = String((document.metadata as Metadata | undefined)?.name ?? '');
  const base = { index, apiVersion, kind: kindName, name };
  // The edge refused unknown kinds already; this keeps a direct caller of the function honest.
  if (!kind) return { ...base, outcome: 'failed', message: `kind ${kindName} cannot be imported` };
  const { manifest, namespace } = manifestOf(document, kind, chosenNamespace);
  const placed = { ...base, ...(namespace === undefined ? {} : { namespace }) };
  const query = new URLSearchParams({ fieldManager: consoleFieldManager });
  if (dryRun) query.set('dryRun', 'All');
  const request = {
    method: 'PATCH',
    path: `${importPath(kind, name, namespace)}?${query.toString()}`,
  };
  try {
    const response = await member.send({ ...request, contentType: applyPatch, body: manifest });
    if (response.status === 201) return { ...placed, outcome: 'created' };
    if (response.status >= 200 && response.status < 300)
      return { ...placed, outcome: 'configured' };
    const refused = memberRefusal(member.cluster.metadata.name, response, request);
    return {
      ...placed,
      outcome: 'failed',
      message: refused.message,
      ...refusalIn(refused),
    };
  } catch (error) {
    // An unreachable member fails this document; the others are still tried and reported.
    const message = error instanceof ApiError ? error.message : 'the member did not answer';
    return { ...placed, outcome: 'failed', message };
  }
}

/** Dry run or apply of every document, in order; the result lists each one's outcome. */
export async function importDocuments(
  member: UserMember,
  namespace: string,
  documents: readonly Document[],
  dryRun: boolean,
): Promise<ImportResult> {
  const items: ImportItem[] = [];
  for (const [index, document] of documents.entries()) {
    items.push(await importOne(member, document, index, namespace, dryRun));
  }
  return { dryRun, items };
}
