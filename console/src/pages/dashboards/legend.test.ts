import { describe, expect, it } from 'vitest';
import { legendOf } from './legend';

const series = { metric: 'up', labels: { job: 'node', instance: 'n1:9100' }, points: [] };

describe('legendOf', () => {
  it('fills the legend format with label values', () => {
    expect(legendOf(series, '{{job}} on {{ instance }}')).toBe('node on n1:9100');
    expect(legendOf(series, '{{missing}}x')).toBe('x');
  });

  it('prints the labels without a format', () => {
    expect(legendOf(series, undefined)).toBe('up{job="node", instance="n1:9100"}');
  });
});
