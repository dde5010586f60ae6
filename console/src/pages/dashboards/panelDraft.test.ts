import { describe, expect, it } from 'vitest';
import { emptyBuilder, panelToSave } from './panelDraft';

const values = {
  title: ' CPU ',
  description: '',
  visualization: 'line' as const,
  threshold: 0.5,
  danger: null,
  legendFormat: '{{pod}}',
};

describe('panelToSave', () => {
  it('keeps the builder while the query is the one it generates', () => {
    const builder = { ...emptyBuilder, metric: 'up', functions: ['sum' as const] };
    expect(panelToSave(undefined, values, 'sum (up)', builder)).toEqual({
      title: 'CPU',
      visualization: 'line',
      query: 'sum (up)',
      legendFormat: '{{pod}}',
      threshold: 0.5,
      builder,
    });
  });

  it('keeps the unit chosen and leaves out a cleared one', () => {
    expect(panelToSave(undefined, { ...values, unit: 'bytes' }, 'up', emptyBuilder)).toMatchObject({
      unit: 'bytes',
    });
    expect(
      panelToSave(undefined, { ...values, unit: null }, 'up', emptyBuilder),
    ).not.toHaveProperty('unit');
  });

  it('drops the builder of a hand-edited query and keeps the panel name', () => {
    const builder = { ...emptyBuilder, metric: 'up' };
    const panel = panelToSave('cpu', values, 'up == 1', builder);
    expect(panel).toMatchObject({ name: 'cpu', query: 'up == 1' });
    expect(panel).not.toHaveProperty('builder');
    expect(panel).not.toHaveProperty('danger');
    expect(panel).not.toHaveProperty('description');
  });
});
