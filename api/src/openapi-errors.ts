import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import { errorNamesOf } from './endpoint-errors.js';
import { errorCatalogue } from './shared/errors.js';

/**
 * Every error answer: a catalogue code, a readable message, and data (details, or null). A 9997
 * that a member cluster answered carries the member's refusal as data.refusal.
 */
export const errorEnvelopeSchema = z.object({
  code: z.number().int().meta({ description: 'An error code of the catalogue (docs/api.md).' }),
  message: z.string(),
  data: z.unknown().meta({
    description:
      "Details, or null. A 9997 a member cluster answered carries the member's refusal as `refusal` (verb, group, resource, namespace, name, cause, reason).",
  }),
});

/**
 * The error answers of one operation, per HTTP status: the envelope with the codes that status
 * carries for this call, each listed with its default message.
 */
export function errorResponses(endpoint: Endpoint): Record<string, Record<string, unknown>> {
  const byStatus = new Map<number, Array<{ code: number; message: string }>>();
  for (const name of errorNamesOf(endpoint)) {
    const { code, status, message } = errorCatalogue[name];
    byStatus.set(status, [...(byStatus.get(status) ?? []), { code, message }]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, entries]) => [
      String(status),
      {
        description: entries.map(({ code, message }) => `${code}: ${message}`).join('; '),
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: '#/components/schemas/ErrorEnvelope' },
                { type: 'object', properties: { code: { enum: entries.map(({ code }) => code) } } },
              ],
            },
          },
        },
      },
    ]),
  );
}
