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
}

/** The envelope code of a failed call, as the base query reports it (undefined for others). */
export const envelopeCodeOf = (error: unknown): number | undefined =>
  (error as { data?: Partial<EnvelopeErrorData> } | undefined)?.data?.code;
