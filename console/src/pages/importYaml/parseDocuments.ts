import type { DocumentProblem } from '@nimbus/api/shared';
import { documentProblem, maxImportDocuments } from '@nimbus/api/shared';
import { LineCounter, parseAllDocuments, type Document } from 'yaml';

/** Why a document cannot be sent: bad YAML (with the parser's message) or a shared check. */
export type DocumentIssue = { code: 'syntax'; message: string } | DocumentProblem;

export interface ParsedDocument {
  /** Position among the non-empty documents, as the import request numbers them. */
  index: number;
  /** 1-based line where the document (or its first syntax error) starts. */
  line: number;
  /** The document's own text, to put back in the editor for a re-import. */
  source: string;
  object: unknown;
  issue?: DocumentIssue;
}

export interface ParsedYaml {
  documents: ParsedDocument[];
  /** More documents than one import takes. */
  tooMany: boolean;
}

type YamlDocument = Document.Parsed;

/** The document as JavaScript, or why it cannot be read (bad syntax, unbounded aliases). */
function readDocument(document: YamlDocument): {
  object?: unknown;
  error?: { message: string; at?: number };
} {
  const [error] = document.errors;
  if (error)
    return { error: { message: error.message.split('\n')[0] ?? error.message, at: error.pos[0] } };
  try {
    return { object: document.toJS({ maxAliasCount: 100 }) as unknown };
  } catch (thrown) {
    return { error: { message: thrown instanceof Error ? thrown.message : String(thrown) } };
  }
}

/** Splits multi-document YAML and checks each document as the operator's edge will. */
export function parseDocuments(text: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const parsed = parseAllDocuments(text, { lineCounter, prettyErrors: false });
  const documents: ParsedDocument[] = [];
  for (const document of Array.isArray(parsed) ? parsed : []) {
    const [start = 0, , end = start] = document.range;
    const { object, error } = readDocument(document);
    // A stream's trailing `---` or a comment-only part is no document.
    if (!error && (object === null || object === undefined)) continue;
    const source = text.slice(start, end).replace(/^---[^\n]*\n/, '');
    const index = documents.length;
    if (error) {
      const line = lineCounter.linePos(error.at ?? start).line;
      documents.push({
        index,
        line,
        source,
        object,
        issue: { code: 'syntax', message: error.message },
      });
      continue;
    }
    const line = lineCounter.linePos(document.contents?.range[0] ?? start).line;
    const problem = documentProblem(object);
    documents.push({ index, line, source, object, ...(problem ? { issue: problem } : {}) });
  }
  return { documents, tooMany: documents.length > maxImportDocuments };
}

/** The documents back as one YAML stream. */
export const joinDocuments = (documents: readonly Pick<ParsedDocument, 'source'>[]): string =>
  documents.map((d) => d.source.replace(/\n*$/, '\n')).join('---\n');
