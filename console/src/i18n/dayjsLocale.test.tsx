import { render, screen } from '@testing-library/react';
import { ConfigProvider, DatePicker, type DatePickerProps } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAntdLocale } from './antdLocale';
import { applyDayjsLocale } from './dayjsLocale';
import type { Language } from './languages';

const newYear = '2024-01-15T09:00:00Z';

afterEach(() => applyDayjsLocale('en'));

describe('dayjs follows the console language', () => {
  it.each([
    ['zh', '一月', '星期一'],
    ['ja', '1月', '月曜日'],
    ['en', 'January', 'Monday'],
  ] as const)('%s names months and weekdays in that language', async (language, month, weekday) => {
    await applyDayjsLocale(language);
    expect(dayjs(newYear).format('MMMM')).toBe(month);
    expect(dayjs(newYear).format('dddd')).toBe(weekday);
  });

  it('switches back and forth: the last language applied wins', async () => {
    await applyDayjsLocale('ja');
    await applyDayjsLocale('zh');
    expect(dayjs(newYear).format('MMMM')).toBe('一月');
    await applyDayjsLocale('en');
    expect(dayjs(newYear).format('MMMM')).toBe('January');
  });
});

describe("antd's DatePicker in the console language", () => {
  async function renderPicker(language: Language, props: DatePickerProps): Promise<void> {
    const locale = await loadAntdLocale(language);
    render(
      <ConfigProvider locale={locale}>
        <DatePicker {...props} />
      </ConfigProvider>,
    );
  }

  it.each([
    ['zh', '一月 15'],
    ['ja', '1月 15'],
    ['en', 'January 15'],
  ] as const)('writes %s month names into the field', async (language, shown) => {
    await renderPicker(language, { defaultValue: dayjs(newYear), format: 'MMMM D' });
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe(shown);
  });

  it.each([
    ['zh', ['一', '二', '三', '四', '五', '六', '日']],
    ['en', ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']],
  ] as const)('heads the %s calendar with its weekday names', async (language, weekdays) => {
    await renderPicker(language, { open: true, defaultPickerValue: dayjs(newYear) });
    const heads = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(heads).toEqual(weekdays);
  });
});
