// When the leader samples cost: once per slot, on a node-cron schedule aligned to the clock
// (slot boundaries are the same on every replica, so a new leader continues the same slots).
import { z } from 'zod';

export const defaultCostSampleSeconds = 600;

/** A slot must divide a minute or an hour, so that a cron expression can name it. */
export const costSampleSeconds = z.coerce
  .number()
  .int()
  .min(5)
  .max(3600)
  .refine((s) => (s < 60 ? 60 % s === 0 : s % 60 === 0 && 60 % (s / 60) === 0), {
    message: 'must divide 60 seconds or 60 minutes (e.g. 10, 30, 300, 600, 3600)',
  })
  .default(defaultCostSampleSeconds);

/** The six-field node-cron expression firing at every slot boundary. */
export function cronOfSlot(seconds: number): string {
  if (seconds < 60) return `*/${seconds} * * * * *`;
  const minutes = seconds / 60;
  return minutes === 60 ? '0 0 * * * *' : `0 */${minutes} * * * *`;
}
