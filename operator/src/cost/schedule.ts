// When the leader samples cost: once per slot, on a node-cron schedule aligned to the clock
// (slot boundaries are the same on every replica, so a new leader continues the same slots).

/** The six-field node-cron expression firing at every slot boundary. */
export function cronOfSlot(seconds: number): string {
  if (seconds < 60) return `*/${seconds} * * * * *`;
  const minutes = seconds / 60;
  return minutes === 60 ? '0 0 * * * *' : `0 */${minutes} * * * *`;
}
