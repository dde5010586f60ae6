// The kinds a YAML import may create, and the checks every imported document passes, the same in
// the console (before anything is sent) and at the operator's edge (hostile input).
import { apiVersionOf, kindDeclarations, type KindDeclaration } from './kinds.js';
import { resourceNameMessage, resourceNamePattern } from './names.js';

export interface ImportableKind {
  apiVersion: string;
  kind: string;
  /** The member's collection: /api/v1/<plural> or /apis/<group>/<version>/<plural>. */
  plural: string;
  namespaced: boolean;
}

/** What an application and its surroundings are made of: the table's importable kinds. */
export const importableKinds: readonly ImportableKind[] = (
  kindDeclarations as readonly KindDeclaration[]
).flatMap((declaration) => {
  const { importable } = declaration;
  if (importable === undefined) return [];
  const versions = [declaration.version, ...(importable === true ? [] : importable.alsoVersions)];
  return versions.map((version) => ({
    apiVersion: apiVersionOf(declaration, version),
    kind: declaration.kind,
    plural: declaration.plural,
    namespaced: declaration.namespaced,
  }));
});

export function importableKind(apiVersion: string, name: string): ImportableKind | undefined {
  return importableKinds.find((k) => k.apiVersion === apiVersion && k.kind === name);
}

/** At most this many documents per import, each at most this large as JSON. */
export const maxImportDocuments = 50;
export const maxImportDocumentBytes = 256 * 1024;

/** Why a document cannot be imported, for the console to translate and the edge to refuse. */
export type DocumentProblem =
  | { code: 'notObject' }
  | { code: 'missing'; field: 'apiVersion' | 'kind' | 'metadata.name' }
  | { code: 'badName'; name: string }
  | { code: 'badNamespace'; namespace: string }
  | { code: 'unknownKind'; apiVersion: string; kind: string }
  | { code: 'clusterScoped'; kind: string }
  | { code: 'tooLarge'; bytes: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The first reason `document` (one parsed YAML document) cannot be imported, if any. */
export function documentProblem(document: unknown): DocumentProblem | undefined {
  if (!isRecord(document)) return { code: 'notObject' };
  const { apiVersion, kind: kindName } = document;
  const metadata = isRecord(document.metadata) ? document.metadata : {};
  if (!filled(apiVersion)) return { code: 'missing', field: 'apiVersion' };
  if (!filled(kindName)) return { code: 'missing', field: 'kind' };
  if (!filled(metadata.name)) return { code: 'missing', field: 'metadata.name' };
  if (!resourceNamePattern.test(metadata.name)) return { code: 'badName', name: metadata.name };
  const known = importableKind(apiVersion, kindName);
  if (!known) return { code: 'unknownKind', apiVersion, kind: kindName };
  const { namespace } = metadata;
  if (namespace !== undefined) {
    if (!known.namespaced) return { code: 'clusterScoped', kind: kindName };
    if (typeof namespace !== 'string' || !resourceNamePattern.test(namespace)) {
      return { code: 'badNamespace', namespace: String(namespace) };
    }
  }
  const bytes = new TextEncoder().encode(JSON.stringify(document)).length;
  if (bytes > maxImportDocumentBytes) return { code: 'tooLarge', bytes };
  return undefined;
}

/** The problem in English: the operator's validation message. */
export function documentProblemText(problem: DocumentProblem): string {
  switch (problem.code) {
    case 'notObject':
      return 'must be a mapping with apiVersion, kind and metadata';
    case 'missing':
      return `${problem.field} is required`;
    case 'badName':
      return `metadata.name ${problem.name} ${resourceNameMessage}`;
    case 'badNamespace':
      return `metadata.namespace ${problem.namespace} ${resourceNameMessage}`;
    case 'unknownKind':
      return `kind ${problem.kind} of ${problem.apiVersion} cannot be imported`;
    case 'clusterScoped':
      return `${problem.kind} is cluster-scoped: remove metadata.namespace`;
    case 'tooLarge':
      return `is ${problem.bytes} bytes, more than ${maxImportDocumentBytes}`;
  }
}
