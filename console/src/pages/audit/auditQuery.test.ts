import { describe, expect, it } from 'vitest';
import { auditExportUrl, auditFilterQuery, formatJson, isTimeOrderValid } from './auditQuery';

const now = new Date('2026-03-04T05:06:07.000Z');
const at = (iso: string) => new Date(iso);

describe('auditFilterQuery', () => {
  it('turns a quick range into the span that ends now', () => {
    expect(auditFilterQuery({ range: 15 }, now)).toEqual({
      user: undefined,
      resource: undefined,
      method: undefined,
      status: undefined,
      from: '2026-03-04T04:51:07.000Z',
      to: '2026-03-04T05:06:07.000Z',
    });
    expect(auditFilterQuery({ range: 10080 }, now)).toMatchObject({
      from: '2026-02-25T05:06:07.000Z',
    });
  });

  it('sends trimmed filters and leaves blank ones out', () => {
    expect(
      auditFilterQuery(
        { range: 60, user: ' alice ', resource: '', method: 'DELETE', status: 403 },
        now,
      ),
    ).toMatchObject({ user: 'alice', resource: undefined, method: 'DELETE', status: 403 });
    expect(auditFilterQuery({ range: 60, status: null, user: '   ' }, now)).toMatchObject({
      user: undefined,
      status: undefined,
    });
  });

  it('sends a preset (none for all), the organization and the cluster', () => {
    expect(
      auditFilterQuery(
        { range: 60, preset: 'refusals', organization: ' acme ', cluster: 'prod' },
        now,
      ),
    ).toMatchObject({ preset: 'refusals', organization: 'acme', cluster: 'prod' });
    expect(auditFilterQuery({ range: 60, preset: 'all' }, now).preset).toBeUndefined();
  });

  it('sends the bounds of a custom range as they are', () => {
    expect(
      auditFilterQuery(
        { range: 'custom', start: at('2026-01-01T00:00:00Z'), end: at('2026-01-02T12:00:00Z') },
        now,
      ),
    ).toMatchObject({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T12:00:00.000Z' });
    expect(auditFilterQuery({ range: 'custom', start: null }, now)).toMatchObject({
      from: undefined,
      to: undefined,
    });
  });
});

it('refuses a start later than the end, and only that', () => {
  const early = at('2026-01-01T00:00:00Z');
  const late = at('2026-01-01T00:00:01Z');
  expect(isTimeOrderValid(late, early)).toBe(false);
  expect(isTimeOrderValid(early, late)).toBe(true);
  expect(isTimeOrderValid(early, early)).toBe(true);
  expect(isTimeOrderValid(late, undefined)).toBe(true);
  expect(isTimeOrderValid(null, early)).toBe(true);
});

it('formats header and body as indented JSON, text as it is', () => {
  expect(formatJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  expect(formatJson('{"password":"***"}')).toBe('{\n  "password": "***"\n}');
  expect(formatJson('plain text')).toBe('plain text');
  expect(formatJson('')).toBe('');
  expect(formatJson(null)).toBe('');
});

it('links the export of the current filters in the chosen format, without paging', () => {
  const url = new URL(
    auditExportUrl(
      { preset: 'changes', cluster: 'prod', user: undefined, from: '2026-03-04T04:51:07.000Z' },
      'csv',
    ),
    'http://console.test',
  );
  expect(url.pathname).toBe('/api/v1/audit.nimbus.io/records/export');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    preset: 'changes',
    cluster: 'prod',
    from: '2026-03-04T04:51:07.000Z',
    format: 'csv',
  });
});
