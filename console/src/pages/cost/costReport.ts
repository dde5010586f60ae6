import type { CostAllocation, CostItem } from '@nimbus/api';
import { csvRow } from '@nimbus/api/shared';
import dayjs from 'dayjs';

export const costRangePresets = ['7d', '30d', 'month', 'custom'] as const;
export type CostRangePreset = (typeof costRangePresets)[number];

/** A preset's first and last UTC day (inclusive), ending today. */
export function presetDays(
  preset: Exclude<CostRangePreset, 'custom'>,
  now: Date,
): [string, string] {
  const today = dayjs(now.toISOString().slice(0, 10));
  const to = today.format('YYYY-MM-DD');
  if (preset === 'month') return [today.startOf('month').format('YYYY-MM-DD'), to];
  const days = preset === '7d' ? 7 : 30;
  return [today.subtract(days - 1, 'day').format('YYYY-MM-DD'), to];
}

/** Money as the cost center shows it: 2 decimals, 4 under one unit so small costs stay visible. */
export function formatCost(value: number, currency: string): string {
  const digits = Math.abs(value) < 1 && value !== 0 ? 4 : 2;
  return `${value.toFixed(digits)} ${currency}`;
}

/**
 * A chart axis's tick: below one, two significant digits (a test bed's hour of a small namespace
 * costs 0.000034, which four decimals showed as 0.0000); above, cents.
 */
export function formatCostTick(value: number, currency: string): string {
  if (!Number.isFinite(value) || value === 0) return `0 ${currency}`;
  const text =
    Math.abs(value) < 1
      ? value.toLocaleString('en-US', { maximumSignificantDigits: 2, maximumFractionDigits: 20 })
      : value.toFixed(2);
  return `${text} ${currency}`;
}

const columns: Array<[string, (item: CostItem) => string | number | boolean | undefined]> = [
  ['name', (i) => i.name],
  ['cluster', (i) => i.cluster],
  ['namespace', (i) => i.namespace],
  ['kind', (i) => i.kind],
  ['idle', (i) => i.idle],
  ['cpuCoreHours', (i) => i.cpuCoreHours.toFixed(4)],
  ['memoryGiBHours', (i) => i.memoryGiBHours.toFixed(4)],
  ['cpuCost', (i) => i.cpuCost.toFixed(6)],
  ['memoryCost', (i) => i.memoryCost.toFixed(6)],
  ['totalCost', (i) => i.totalCost.toFixed(6)],
];

/** The breakdown as CSV: one row per group, the range and currency in every row. */
export function costCsv(report: CostAllocation): string {
  const header = csvRow(['from', 'to', 'currency', ...columns.map(([name]) => name)]);
  const rows = report.items.map((item) =>
    csvRow([report.from, report.to, report.currency, ...columns.map(([, read]) => read(item))]),
  );
  return header + rows.join('');
}

export function costCsvFileName(report: CostAllocation): string {
  return `cost-${report.aggregate}-${report.from}-${report.to}.csv`;
}

/** How often the open cost center reads the allocation again (usage is sampled per minute). */
export const COST_REFRESH_MS = 5 * 60_000;
