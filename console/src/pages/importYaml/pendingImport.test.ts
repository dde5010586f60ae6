import { beforeEach, expect, it } from 'vitest';
import { readPending, writePending } from './pendingImport';

beforeEach(() => localStorage.clear());

it('keeps unpublished YAML per user and forgets it when cleared', () => {
  writePending('u1', { text: 'kind: ConfigMap\n', namespace: 'demo' });
  expect(readPending('u1')).toEqual({ text: 'kind: ConfigMap\n', namespace: 'demo' });
  expect(readPending('u2')).toBeUndefined();
  writePending('u1', undefined);
  expect(readPending('u1')).toBeUndefined();
});

it('never keeps a Secret manifest in browser storage', () => {
  writePending('u1', { text: 'kind: ConfigMap\n' });
  writePending('u1', { text: 'apiVersion: v1\nkind: Secret\nstringData:\n  password: x\n' });
  expect(readPending('u1')).toBeUndefined();
  writePending('u1', { text: '{"kind": "Secret"}' });
  expect(localStorage.length).toBe(0);
});
