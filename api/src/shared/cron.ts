// A CronJob schedule follows standard crontab (five fields: minute, hour, day of month,
// month, day of week), as Kubernetes' parser accepts it, including the @-macros and names.

const macros: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const monthNames = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');
const dayNames = 'sun mon tue wed thu fri sat'.split(' ');

interface FieldRule {
  min: number;
  max: number;
  names?: readonly string[];
  /** Where the first name counts from (months start at 1). */
  nameBase?: number;
}

const fieldRules: readonly FieldRule[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: monthNames, nameBase: 1 },
  // 7 is Sunday too, as in Vixie cron.
  { min: 0, max: 7, names: dayNames, nameBase: 0 },
];

function valueOf(text: string, rule: FieldRule): number | undefined {
  if (/^\d{1,2}$/.test(text)) {
    const value = Number(text);
    return value >= rule.min && value <= rule.max ? value : undefined;
  }
  const index = rule.names?.indexOf(text.toLowerCase()) ?? -1;
  return index === -1 ? undefined : index + (rule.nameBase ?? 0);
}

function partIsValid(part: string, rule: FieldRule): boolean {
  const [range = '', step, extra] = part.split('/');
  if (extra !== undefined) return false;
  if (step !== undefined && !(/^\d{1,2}$/.test(step) && Number(step) > 0)) return false;
  if (range === '*' || range === '?') return true;
  const [from = '', to, more] = range.split('-');
  if (more !== undefined) return false;
  const low = valueOf(from, rule);
  if (low === undefined) return false;
  if (to === undefined) return true;
  const high = valueOf(to, rule);
  return high !== undefined && low <= high;
}

/** The five fields of a schedule (macros expanded), or undefined when it is not valid crontab. */
export function cronFields(schedule: string): string[] | undefined {
  const text = schedule.trim();
  const expanded = macros[text.toLowerCase()] ?? text;
  const fields = expanded.split(/\s+/);
  if (fields.length !== 5) return undefined;
  const valid = fields.every((field, index) => {
    const rule = fieldRules[index] as FieldRule;
    return field.split(',').every((part) => partIsValid(part, rule));
  });
  return valid ? fields : undefined;
}

export const isCronSchedule = (schedule: string): boolean => cronFields(schedule) !== undefined;

/** What a schedule means, in a shape the console words in each language. */
export type CronMeaning =
  | { kind: 'everyMinutes'; every: number }
  | { kind: 'hourly'; minute: number }
  | { kind: 'daily'; time: string }
  | { kind: 'weekly'; day: number; time: string }
  | { kind: 'monthly'; day: number; time: string }
  | { kind: 'custom'; fields: string[] };

const plainNumber = (field: string): number | undefined =>
  /^\d{1,2}$/.test(field) ? Number(field) : undefined;

/** The common shapes named plainly ('0 2 * * *' is daily at 02:00); anything else is 'custom'. */
export function describeCron(schedule: string): CronMeaning | undefined {
  const fields = cronFields(schedule);
  if (!fields) return undefined;
  const [minute = '', hour = '', dayOfMonth = '', month = '', dayOfWeek = ''] = fields;
  const m = plainNumber(minute);
  const h = plainNumber(hour);
  const dom = plainNumber(dayOfMonth);
  const dow = valueOf(dayOfWeek, fieldRules[4] as FieldRule);
  const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  const every = /^\*\/(\d{1,2})$/.exec(minute);
  if (month !== '*') return { kind: 'custom', fields };
  if (every && [hour, dayOfMonth, dayOfWeek].every((f) => f === '*')) {
    return { kind: 'everyMinutes', every: Number(every[1]) };
  }
  if (m === undefined) return { kind: 'custom', fields };
  if (hour === '*' && dayOfMonth === '*' && dayOfWeek === '*') return { kind: 'hourly', minute: m };
  if (h === undefined) return { kind: 'custom', fields };
  if (dayOfMonth === '*' && dayOfWeek === '*') return { kind: 'daily', time };
  if (dayOfMonth === '*' && dow !== undefined) return { kind: 'weekly', day: dow % 7, time };
  if (dom !== undefined && dayOfWeek === '*') return { kind: 'monthly', day: dom, time };
  return { kind: 'custom', fields };
}
