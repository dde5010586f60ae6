/** One month of audit records in the shared store: [from, to) in epoch ms, UTC. */
export interface MonthPartition {
  name: string;
  from: number;
  to: number;
}

const namePattern = /^audit_records_y(\d{4})m(\d{2})$/;

function partition(year: number, monthIndex: number): MonthPartition {
  return {
    name: `audit_records_y${year}m${String(monthIndex + 1).padStart(2, '0')}`,
    from: Date.UTC(year, monthIndex, 1),
    to: Date.UTC(year, monthIndex + 1, 1),
  };
}

/**
 * The month holding an epoch-ms time. Its name goes into DDL, so only four-digit years make
 * one: a record from outside them is refused rather than named oddly.
 */
export function monthOf(time: number): MonthPartition {
  const date = new Date(time);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(time) || year < 1000 || year > 9999) {
    throw new RangeError(`audit record time ${time} is outside the years 1000–9999`);
  }
  return partition(year, date.getUTCMonth());
}

/** The month a partition's name stands for; undefined for a table that is not one of ours. */
export function monthNamed(name: string): MonthPartition | undefined {
  const match = namePattern.exec(name);
  if (!match) return undefined;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return partition(Number(match[1]), month - 1);
}
