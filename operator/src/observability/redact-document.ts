import { parseAllDocuments, stringify } from 'yaml';

/** Redacts one parsed document (the body rules, applied one level deeper). */
export type DocumentRedactor = (document: unknown) => unknown;

// Hostile YAML: a few aliases may not expand into millions of nodes.
const maxAliasCount = 100;

const isContainer = (value: unknown): boolean => typeof value === 'object' && value !== null;

function looksLikeJson(text: string): boolean {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A string that holds YAML or JSON documents (Helm values, a ConfigMap's `application.yaml`, an
 * object's last-applied annotation) is one value to the body's key rules, so a `password:` inside
 * it would pass. Here it is parsed and each document redacted by the same rules at any depth.
 * Answers the redacted text (JSON stays JSON, YAML is written again without its comments, which
 * may hold credentials too), or undefined when the string is no such document or nothing in it
 * was redacted: then the text is kept as it was. Unparsable text is no document.
 */
export function redactDocumentText(text: string, redact: DocumentRedactor): string | undefined {
  let documents;
  try {
    documents = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: false });
  } catch {
    return undefined;
  }
  if (!Array.isArray(documents) || documents.length === 0) return undefined;
  if (documents.some((document) => document.errors.length > 0)) return undefined;
  let values: unknown[];
  try {
    values = documents.map((document) => document.toJS({ maxAliasCount }) as unknown);
  } catch {
    return undefined;
  }
  if (!values.some(isContainer)) return undefined;
  const redacted = values.map((value) => (isContainer(value) ? redact(value) : value));
  if (JSON.stringify(redacted) === JSON.stringify(values)) return undefined;
  if (documents.length === 1 && looksLikeJson(text)) {
    return JSON.stringify(redacted[0], null, text.includes('\n') ? 2 : undefined);
  }
  return redacted.map((value) => stringify(value)).join('---\n');
}
