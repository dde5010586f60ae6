import { expect, it } from 'vitest';
import { normaliseLabel, queryFilters } from './listFilters';

it('splits a label at the first colon and trims both parts', () => {
  expect(normaliseLabel(' app : web ')).toBe('app:web');
  expect(normaliseLabel('url:http://x:80')).toBe('url:http://x:80');
  expect(normaliseLabel('tier')).toBe('tier:');
  expect(normaliseLabel('tier:')).toBe('tier:');
  expect(normaliseLabel(' : web')).toBeUndefined();
  expect(normaliseLabel('')).toBeUndefined();
});

it('drops blank filters', () => {
  expect(queryFilters({ cluster: '', namespace: '  ', label: '', name: ' web ' })).toEqual({
    cluster: undefined,
    namespace: undefined,
    labels: [],
    name: 'web',
  });
});
