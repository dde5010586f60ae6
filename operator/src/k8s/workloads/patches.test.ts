import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { jobFromCronJob, manualJobName } from './cronjob-run.js';
import { hotfixPatch } from './hotfix.js';
import { restartedAtAnnotation, restartPatch } from './lifecycle.js';
import { selects } from './related.js';
import type { Workload } from './workload-object.js';
import { selectorQuery } from './workload-object.js';

const now = new Date('2026-11-24T10:00:00Z');
const template = { spec: { containers: [{ name: 'app', image: 'r.example/app:1' }] } };

describe('restartPatch', () => {
  it('sets the restartedAt template annotation to the time', () => {
    expect(restartPatch(now)).toEqual({
      spec: {
        template: { metadata: { annotations: { [restartedAtAnnotation]: now.toISOString() } } },
      },
    });
  });
});

describe('hotfixPatch', () => {
  const deployment: Workload = { metadata: { resourceVersion: '7' }, spec: { template } };

  it('merges the container by name: image, env values set, env removed', () => {
    const patch = hotfixPatch('deployments', deployment, {
      container: 'app',
      image: 'r.example/app:2',
      env: [{ name: 'MODE', value: 'fast' }],
      removeEnv: ['OLD'],
    });
    expect(patch).toEqual({
      spec: {
        template: {
          spec: {
            containers: [
              {
                name: 'app',
                image: 'r.example/app:2',
                env: [
                  { name: 'MODE', value: 'fast', valueFrom: null },
                  { name: 'OLD', $patch: 'delete' },
                ],
              },
            ],
          },
        },
      },
    });
  });

  it("leaves the pod template's pull secrets alone: the merge names only the container", () => {
    const pullSecrets = { imagePullSecrets: [{ name: 'nimbus-registry-a' }] };
    const pulling = {
      spec: { template: { spec: { ...template.spec, ...pullSecrets } } },
    } as Workload;
    const patch = hotfixPatch('deployments', pulling, {
      container: 'app',
      image: 'r.example/app:2',
      env: [],
      removeEnv: [],
    });
    expect(patch).toEqual({
      spec: { template: { spec: { containers: [{ name: 'app', image: 'r.example/app:2' }] } } },
    });
  });

  it("patches a CronJob's job template", () => {
    const cronJob: Workload = { spec: { jobTemplate: { spec: { template } } } };
    const patch = hotfixPatch('cronjobs', cronJob, {
      container: 'app',
      image: 'r.example/app:3',
      env: [],
      removeEnv: [],
    });
    expect(patch.spec).toEqual({
      jobTemplate: {
        spec: { template: { spec: { containers: [{ name: 'app', image: 'r.example/app:3' }] } } },
      },
    });
  });

  it('refuses a container the workload does not have (a patch would add it)', () => {
    expect(() =>
      hotfixPatch('deployments', deployment, {
        container: 'sidecar',
        image: 'r.example/x:1',
        env: [],
        removeEnv: [],
      }),
    ).toThrow(ApiError);
  });
});

describe('jobFromCronJob', () => {
  it('copies the job template and is owned by the cron job, as kubectl create job --from', () => {
    const job = jobFromCronJob(
      {
        metadata: { name: 'nightly', namespace: 'demo', uid: 'cj-uid' },
        spec: {
          jobTemplate: {
            metadata: { labels: { app: 'nightly' } },
            spec: { backoffLimit: 2, template },
          },
        },
      },
      now,
    );
    expect(job).toMatchObject({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name: manualJobName('nightly', now),
        namespace: 'demo',
        labels: { app: 'nightly' },
        annotations: { 'cronjob.kubernetes.io/instantiate': 'manual' },
        ownerReferences: [
          {
            apiVersion: 'batch/v1',
            kind: 'CronJob',
            name: 'nightly',
            uid: 'cj-uid',
            controller: true,
          },
        ],
      },
      spec: { backoffLimit: 2, template },
    });
  });

  it('keeps job names within 63 characters and ending in an alphanumeric', () => {
    const name = manualJobName(`${'a'.repeat(60)}-`, now);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    expect(manualJobName('nightly', now)).toBe(
      `nightly-manual-${(now.getTime() / 1000).toString(36)}`,
    );
  });
});

describe('selectors', () => {
  it('writes match labels and expressions as a label selector query', () => {
    expect(
      selectorQuery({
        matchLabels: { app: 'web' },
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['a', 'b'] },
          { key: 'zone', operator: 'NotIn', values: ['x'] },
          { key: 'canary', operator: 'Exists' },
          { key: 'legacy', operator: 'DoesNotExist' },
        ],
      }),
    ).toBe('app=web,tier in (a,b),zone notin (x),canary,!legacy');
  });

  it('picks a Service whose selector the pod labels satisfy; an empty selector picks none', () => {
    expect(selects({ app: 'web' }, { app: 'web', tier: 'a' })).toBe(true);
    expect(selects({ app: 'web', tier: 'b' }, { app: 'web', tier: 'a' })).toBe(false);
    expect(selects({}, { app: 'web' })).toBe(false);
    expect(selects(undefined, { app: 'web' })).toBe(false);
  });
});
