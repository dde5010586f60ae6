import { z } from 'zod';

/** The shape of every /api response body: `{code, message, data}`; code 0 is success. */
export const envelopeSchema = <S extends z.ZodType>(data: S) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
