// A container's log, streamed from the member as the caller: the options of `kubectl logs`.
import { z } from 'zod';
import { dnsLabel } from './namespace-requests.js';
import { podExecParams, queryFlag } from './pod-exec.js';

export const podLogsParams = podExecParams;

const count = (what: string, min: number) =>
  z.coerce
    .number()
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(Number.MAX_SAFE_INTEGER);

/**
 * PodLogOptions as the member's `pods/{pod}/log` takes them. `sinceSeconds` and `sinceTime`
 * exclude each other, as the member says too, but here before a call is made.
 */
export const podLogsQuery = z
  .strictObject({
    container: dnsLabel.optional(),
    /** Keep the response open and send lines as the container writes them. */
    follow: queryFlag.default(false),
    /** The last n lines only (before `limitBytes`). */
    tailLines: count('tailLines', 0).optional(),
    sinceSeconds: count('sinceSeconds', 1).optional(),
    /** RFC 3339, e.g. 2026-11-24T10:00:00Z. */
    sinceTime: z.iso.datetime({ offset: true }).optional(),
    /** The log of the container's previous instance (after a restart). */
    previous: queryFlag.default(false),
    /** Each line starts with its RFC 3339 time. */
    timestamps: queryFlag.default(false),
    /** Stop after this many bytes. */
    limitBytes: count('limitBytes', 1).optional(),
  })
  .refine((query) => query.sinceSeconds === undefined || query.sinceTime === undefined, {
    message: 'give sinceSeconds or sinceTime, not both',
    path: ['sinceTime'],
  });
export type PodLogsQuery = z.output<typeof podLogsQuery>;
