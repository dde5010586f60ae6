import type { MemberRefusal } from '@nimbus/api';

/** The shape of every operator response: `{code, message, data}`. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number'
  );
}

/** What an RTK Query error carries in `data` when the server answered with a non-zero code. */
export interface EnvelopeErrorData {
  code: number;
  message: string;
  /** The call a member cluster refused (9997 answered by the member itself). */
  refusal?: MemberRefusal;
  /** The envelope's data, when the server sent any (e.g. the permission a 9997 names). */
  detail?: unknown;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The member's refusal in a failed envelope's data, when it has the contract's shape. */
export function refusalIn(data: unknown): MemberRefusal | undefined {
  const refusal = (data as { refusal?: Record<string, unknown> } | null | undefined)?.refusal;
  if (typeof refusal !== 'object' || refusal === null) return undefined;
  const required = ['cluster', 'cause', 'verb', 'group', 'resource', 'reason'] as const;
  const optional = ['subresource', 'namespace', 'name'] as const;
  if (!required.every((key) => isText(refusal[key]))) return undefined;
  if (!optional.every((key) => refusal[key] === undefined || isText(refusal[key]))) {
    return undefined;
  }
  return refusal as unknown as MemberRefusal;
}

/** The envelope code of a failed call, as the base query reports it (undefined for others). */
export const envelopeCodeOf = (error: unknown): number | undefined =>
  (error as { data?: Partial<EnvelopeErrorData> } | undefined)?.data?.code;
