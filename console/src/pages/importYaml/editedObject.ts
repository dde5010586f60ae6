import type { ReplaceResourceBody } from '@nimbus/api';
import { parseDocument } from 'yaml';

export type EditedObject =
  { ok: true; object: ReplaceResourceBody } | { ok: false; line?: number; message?: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The edited YAML as the object to send: one mapping with apiVersion, kind and metadata. */
export function editedObject(text: string): EditedObject {
  const document = parseDocument(text, { prettyErrors: false });
  const [error] = document.errors;
  if (error) {
    const line = text.slice(0, error.pos[0]).split('\n').length;
    return { ok: false, line, message: error.message.split('\n')[0] ?? error.message };
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (thrown) {
    return { ok: false, message: thrown instanceof Error ? thrown.message : String(thrown) };
  }
  if (
    !isRecord(value) ||
    typeof value.apiVersion !== 'string' ||
    typeof value.kind !== 'string' ||
    !isRecord(value.metadata)
  ) {
    return { ok: false };
  }
  return { ok: true, object: value as ReplaceResourceBody };
}
