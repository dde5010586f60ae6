import { expect, it } from 'vitest';
import { METRIC_TEMPLATES, withTemplate } from './metricTemplates';

it('appends the black-box probe set and keeps the other annotations', () => {
  expect(withTemplate([{ key: 'note', value: 'x' }], METRIC_TEMPLATES.probe)).toEqual([
    { key: 'note', value: 'x' },
    { key: 'prometheus.io/http-probe', value: 'true' },
    { key: 'prometheus.io/port', value: '8080' },
    { key: 'prometheus.io/path', value: '/probe' },
  ]);
});

it('overwrites keys already there in place and drops blank rows', () => {
  const rows = [
    { key: 'prometheus.io/path', value: '/probe' },
    { key: '', value: '' },
    undefined,
    { key: 'prometheus.io/http-probe', value: 'true' },
  ];
  expect(withTemplate(rows, METRIC_TEMPLATES.metric)).toEqual([
    { key: 'prometheus.io/path', value: '/metrics' },
    { key: 'prometheus.io/http-probe', value: 'true' },
    { key: 'prometheus.io/http-metric', value: 'true' },
    { key: 'prometheus.io/scheme', value: 'http' },
    { key: 'prometheus.io/port', value: '8080' },
  ]);
});
