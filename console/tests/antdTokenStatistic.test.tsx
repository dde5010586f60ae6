import { createRequire } from 'node:module';
import { render, screen } from '@testing-library/react';
import { Button, Tag } from 'antd';
import { describe, expect, it } from 'vitest';
import { statisticModule } from './antdTokenStatistic';

/** The statistic module as antd itself requires it: the copy its styles go through. */
const antdStatistic = (): {
  statistic: Record<string, unknown>;
  merge: (...o: object[]) => object;
} => createRequire(createRequire(import.meta.url).resolve('antd'))(statisticModule);

describe('antd’s design-token statistic in the unit tests (tests/setup.ts)', () => {
  it('records nothing when antd generates a component’s styles', () => {
    render(
      <>
        <Button>Save</Button>
        <Tag>ready</Tag>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(Object.keys(antdStatistic().statistic)).toEqual([]);
  });

  it('merges tokens as values, as in production, not as getters', () => {
    const merged = antdStatistic().merge({ colorPrimary: '#1677ff' });
    expect(Object.getOwnPropertyDescriptor(merged, 'colorPrimary')).toMatchObject({
      value: '#1677ff',
    });
  });
});
