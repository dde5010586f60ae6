import type { MetricUnit } from '@nimbus/api/shared';

export type { MetricUnit };

const byteUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

function bytes(value: number): string {
  let scaled = Math.abs(value);
  let unit = 0;
  while (scaled >= 1024 && unit < byteUnits.length - 1) {
    scaled /= 1024;
    unit++;
  }
  // Whole bytes have no fraction; 100 and more of a unit need none.
  const digits = unit === 0 || scaled >= 100 ? 0 : 1;
  return `${(Math.sign(value) * scaled).toFixed(digits)} ${byteUnits[unit]}`;
}

const trim = (value: number, digits = 2) => String(Number(value.toFixed(digits)));

/** A metric value as the dashboard shows it; null (NaN, no sample) as a dash; no unit, a number. */
export function formatValue(value: number | null | undefined, unit?: MetricUnit): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  switch (unit) {
    case 'percent':
      return `${trim(value, 1)}%`;
    case 'bytes':
      return bytes(value);
    case 'bytesPerSecond':
      return `${bytes(value)}/s`;
    case 'opsPerSecond':
    case 'requestsPerSecond':
      return `${trim(value)}/s`;
    case 'cores':
      return value < 1 ? `${trim(value * 1000, 0)}m` : trim(value);
    case 'seconds':
      return `${trim(value, 3)}s`;
    case 'ratio':
      return `${trim(value * 100, 2)}%`;
    default:
      return trim(value);
  }
}
