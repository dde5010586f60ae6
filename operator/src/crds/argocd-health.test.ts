// The Argo CD health check of docs/gitops.md (config/argocd/nimbus-health.lua), run by Debian's
// Lua interpreter on objects shaped as the operator writes them.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operatorPackageDir } from '../paths.js';

const script = resolve(operatorPackageDir, '..', 'config', 'argocd', 'nimbus-health.lua');

function luaValue(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `{ ${value.map(luaValue).join(', ')} }`;
  const fields = Object.entries(value as Record<string, unknown>).map(
    ([key, field]) => `[${JSON.stringify(key)}] = ${luaValue(field)}`,
  );
  return `{ ${fields.join(', ')} }`;
}

function health(object: Record<string, unknown>): { status: string; message: string } {
  const program = [
    `obj = ${luaValue(object)}`,
    `local hs = assert(loadfile(${JSON.stringify(script)}))()`,
    'io.write(hs.status, "\\n", hs.message)',
  ].join('\n');
  const run = spawnSync('lua5.4', ['-'], { input: program, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr || String(run.error));
  const [status = '', message = ''] = run.stdout.split('\n');
  return { status, message };
}

const ready = (status: string, reason: string, observedGeneration = 1) => ({
  type: 'Ready',
  status,
  reason,
  message: `${reason} happened`,
  observedGeneration,
  lastTransitionTime: '2026-11-24T20:00:00Z',
});

const user = (conditions?: object[], generation = 1, extra: object = {}) => ({
  apiVersion: 'nimbus.io/v1alpha1',
  kind: 'User',
  metadata: { name: 'jane', generation, ...extra },
  spec: { email: 'jane@example.com' },
  ...(conditions ? { status: { conditions } } : {}),
});

describe('the Argo CD health check', () => {
  it('is Healthy when Ready is True for the current generation', () => {
    expect(health(user([ready('True', 'PasswordSet')]))).toEqual({
      status: 'Healthy',
      message: 'PasswordSet: PasswordSet happened',
    });
  });

  it('is Degraded with the reason when Ready is False', () => {
    expect(health(user([{ ...ready('False', 'RoleNotFound') }]))).toMatchObject({
      status: 'Degraded',
      message: 'RoleNotFound: RoleNotFound happened',
    });
  });

  it('is Progressing before the operator reported, or reported an older generation', () => {
    expect(health(user()).status).toBe('Progressing');
    expect(health(user([ready('True', 'Reconciled', 1)], 2))).toMatchObject({
      status: 'Progressing',
      message: 'Waiting for the Nimbus operator to observe generation 2',
    });
    expect(health(user([ready('Unknown', 'Probing')])).status).toBe('Progressing');
    expect(
      health(user([ready('True', 'Reconciled')], 1, { deletionTimestamp: '2026-11-24T20:00:00Z' }))
        .status,
    ).toBe('Progressing');
  });

  it('is Healthy for runtime kinds, which report no conditions', () => {
    expect(health({ kind: 'Session', metadata: { name: 's' }, spec: {} }).status).toBe('Healthy');
  });
});
