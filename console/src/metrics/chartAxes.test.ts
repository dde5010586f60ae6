import { describe, expect, it } from 'vitest';
import { timeTickFormat, tooltipProps, valueAxisProps } from './chartAxes';

describe('chart axes', () => {
  it('label times with the date once the samples span more than a day', () => {
    expect(timeTickFormat([{ time: 0 }, { time: 3_600 }])).toBe('HH:mm');
    expect(timeTickFormat([{ time: 0 }, { time: 3 * 86_400 }])).toBe('MM-DD HH:mm');
    expect(timeTickFormat([])).toBe('HH:mm');
  });

  it('write values in the unit, and fit the widest tick', () => {
    const bytes = valueAxisProps('bytesPerSecond');
    expect(bytes.width).toBe('auto');
    expect(bytes.tickFormatter(5.5 * 1024 * 1024)).toBe('5.5 MiB/s');
    expect(valueAxisProps('cores').tickFormatter(0.25)).toBe('250m');
    expect(valueAxisProps('percent').tickFormatter(42.04)).toBe('42%');
    expect(valueAxisProps(undefined).tickFormatter(1.23456)).toBe('1.23');
    expect(tooltipProps('bytes').formatter(2048)).toBe('2.0 KiB');
    expect(tooltipProps('bytes').formatter(null)).toBe('–');
  });
});
