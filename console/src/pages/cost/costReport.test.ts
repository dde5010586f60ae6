import type { CostAllocation } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import { costCsv, costCsvFileName, formatCost, formatCostTick, presetDays } from './costReport';

const now = new Date('2026-11-24T23:30:00.000Z');

describe('cost report helpers', () => {
  it('turns presets into inclusive UTC days ending today', () => {
    expect(presetDays('7d', now)).toEqual(['2026-11-18', '2026-11-24']);
    expect(presetDays('30d', now)).toEqual(['2026-10-26', '2026-11-24']);
    expect(presetDays('month', now)).toEqual(['2026-11-01', '2026-11-24']);
  });

  it('marks chart axes with two significant digits below one, so no small tick reads 0', () => {
    expect(formatCostTick(0.000034, 'USD')).toBe('0.000034 USD');
    expect(formatCostTick(0.0012, 'USD')).toBe('0.0012 USD');
    expect(formatCostTick(0.5, 'USD')).toBe('0.5 USD');
    expect(formatCostTick(12.5, 'USD')).toBe('12.50 USD');
    expect(formatCostTick(0, 'USD')).toBe('0 USD');
  });

  it('keeps small costs visible', () => {
    expect(formatCost(12.345, 'USD')).toBe('12.35 USD');
    expect(formatCost(0.01234, 'USD')).toBe('0.0123 USD');
  });

  it('exports the breakdown as CSV, quoting and defusing spreadsheet formulas', () => {
    const report: CostAllocation = {
      currency: 'USD',
      catalogueDate: '2026-11-24',
      from: '2026-11-18',
      to: '2026-11-24',
      aggregate: 'label',
      totalCost: 1.5,
      idleCost: 0.5,
      trend: [],
      items: [
        {
          name: '=HYPERLINK("x")',
          cluster: 'a',
          idle: false,
          cpuCoreHours: 1,
          memoryGiBHours: 2,
          cpuCost: 0.75,
          memoryCost: 0.25,
          totalCost: 1,
        },
      ],
      clusters: [],
    };
    expect(costCsv(report)).toBe(
      'from,to,currency,name,cluster,namespace,kind,idle,cpuCoreHours,memoryGiBHours,cpuCost,memoryCost,totalCost\r\n' +
        `2026-11-18,2026-11-24,USD,"'=HYPERLINK(""x"")",a,,,false,1.0000,2.0000,0.750000,0.250000,1.000000\r\n`,
    );
    expect(costCsvFileName(report)).toBe('cost-label-2026-11-18-2026-11-24.csv');
  });
});
