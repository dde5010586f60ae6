import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { authPaths } from '../http/auth/auth-paths.js';
import { routesHost as host } from '../testing/routes.js';
import { accessDocPath, renderAccessDoc } from './docs.js';
import { policyTable } from './policy.js';

const tableRoutes = policyTable.map(
  (entry) => `${entry.method} /api/v1${entry.path.replaceAll('{host}', host)}`,
);

describe('policy table', () => {
  it('lists each method and path once', () => {
    expect(new Set(tableRoutes).size).toBe(tableRoutes.length);
  });

  it('marks exactly the paths the authentication middleware lets in anonymously as public', () => {
    const base = (service: string) => `/api/v1/${service}.${host}`;
    const { publicPaths, publicPatterns, publicPrefixes } = authPaths(base);
    const anonymous = (path: string) =>
      publicPaths.includes(path) ||
      publicPatterns.some((pattern) => pattern.test(path)) ||
      publicPrefixes.some((prefix) => path.startsWith(prefix));
    for (const entry of policyTable) {
      const path = `/api/v1${entry.path.replaceAll('{host}', host)}`;
      expect({ path, public: anonymous(path) }).toEqual({ path, public: entry.allow === 'public' });
    }
  });

  it('scopes every entry with a target, and targets every scoped entry', () => {
    for (const entry of policyTable) {
      expect(Boolean(entry.scope)).toBe(Boolean(entry.target));
      if (entry.target?.startsWith('params.')) {
        expect(entry.path).toContain(`:${entry.target.slice('params.'.length)}`);
      }
    }
  });

  it('is what docs/access.md documents (run `npm run access:docs -w operator`)', () => {
    expect(readFileSync(accessDocPath, 'utf8')).toBe(renderAccessDoc());
  });
});
