// What every fuzzed answer must be: not a 5xx, and either the operation's declared success
// (a raw download, a WebSocket upgrade) or the `{code, message, data}` envelope with a code of
// the error catalogue, answered with the catalogue's HTTP status for that code.
import { errors, success } from '../../operator/src/core/errors.js';
import type { Operation } from './document.js';
import type { Answer } from './wire.js';

const statusOfCode = new Map<number, number>([
  [success.code, success.status],
  ...Object.values(errors).map((entry): [number, number] => [entry.code, entry.status]),
]);

/**
 * Catalogue codes that report a server the caller named (a registry, a chart source, a
 * kubeconfig's API server) as unreachable: 502 by design (docs/api.md). They pass only on an
 * operation whose declaration says it reaches such a server (the document lists the code for
 * it); docs/decisions/fuzz-upstream-answers.md says why they are not failures there.
 */
export const upstreamCodes = new Set([
  errors.clusterUnreachable.code,
  errors.registryUnreachable.code,
  errors.chartSourceUnreachable.code,
]);

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

function envelopeOf(text: string): Envelope | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const { code, message } = value as Partial<Envelope>;
    if (typeof code !== 'number' || typeof message !== 'string' || !('data' in value)) {
      return undefined;
    }
    return value as Envelope;
  } catch {
    return undefined;
  }
}

export interface Verdict {
  /** What is wrong with the answer, or undefined when it is acceptable. */
  problem?: string;
  /** The envelope's code (or the status of a raw or upgrade answer), for the report. */
  outcome: string;
}

export function judge(operation: Operation, answer: Answer, upgrade: boolean): Verdict {
  if (upgrade && answer.status === 101) return { outcome: '101' };
  if (operation.response === 'raw' && answer.status === 200) {
    const type = String(answer.headers['content-type'] ?? '');
    return operation.rawMediaTypes.some((media) => type.startsWith(media))
      ? { outcome: '200 raw' }
      : { problem: `raw answer of type ${type || '(none)'}`, outcome: '200 raw' };
  }
  const envelope = envelopeOf(answer.text);
  if (!envelope) {
    return {
      problem: `status ${answer.status} without the envelope: ${answer.text.slice(0, 200)}`,
      outcome: `${answer.status} bare`,
    };
  }
  const outcome = String(envelope.code);
  const expected = statusOfCode.get(envelope.code);
  if (expected === undefined) {
    return { problem: `code ${envelope.code} is not in the error catalogue`, outcome };
  }
  if (
    envelope.code !== success.code &&
    operation.errorCodes &&
    !operation.errorCodes.has(envelope.code)
  ) {
    return {
      problem: `code ${envelope.code} is not among the answers the document declares for ${operation.id}`,
      outcome,
    };
  }
  if (expected !== answer.status) {
    return {
      problem: `code ${envelope.code} answered with ${answer.status}, the catalogue says ${expected}`,
      outcome,
    };
  }
  if (answer.status >= 500 && !upstreamCodes.has(envelope.code)) {
    return { problem: `${answer.status} ${envelope.code}: ${envelope.message}`, outcome };
  }
  return { outcome };
}
