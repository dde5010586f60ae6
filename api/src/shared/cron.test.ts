import { describe, expect, it } from 'vitest';
import { describeCron, isCronSchedule } from './cron.js';

describe('isCronSchedule (standard crontab)', () => {
  it.each([
    '0 2 * * *',
    '*/5 * * * *',
    '0 0 1,15 * mon-fri',
    '30 4 * jan-mar 0',
    '0 0 * * 7',
    '@daily',
    '@hourly',
    '0-30/10 8-18 * * *',
  ])('accepts %s', (schedule) => {
    expect(isCronSchedule(schedule)).toBe(true);
  });

  it.each([
    '',
    '0 2 * *',
    '0 2 * * * *',
    '60 * * * *',
    '0 24 * * *',
    '0 0 0 * *',
    '* * * 13 *',
    '5-1 * * * *',
    '*/0 * * * *',
    'a b c d e',
    '@sometimes',
  ])('refuses %j', (schedule) => {
    expect(isCronSchedule(schedule)).toBe(false);
  });
});

describe('describeCron', () => {
  it('reads 0 2 * * * as 2am daily', () => {
    expect(describeCron('0 2 * * *')).toEqual({ kind: 'daily', time: '02:00' });
  });

  it('names the other common shapes', () => {
    expect(describeCron('*/15 * * * *')).toEqual({ kind: 'everyMinutes', every: 15 });
    expect(describeCron('5 * * * *')).toEqual({ kind: 'hourly', minute: 5 });
    expect(describeCron('30 9 * * mon')).toEqual({ kind: 'weekly', day: 1, time: '09:30' });
    expect(describeCron('0 0 * * 7')).toEqual({ kind: 'weekly', day: 0, time: '00:00' });
    expect(describeCron('0 3 15 * *')).toEqual({ kind: 'monthly', day: 15, time: '03:00' });
    expect(describeCron('@daily')).toEqual({ kind: 'daily', time: '00:00' });
    expect(describeCron('0 2 * 1 *')).toEqual({
      kind: 'custom',
      fields: ['0', '2', '*', '1', '*'],
    });
    expect(describeCron('not cron')).toBeUndefined();
  });
});
