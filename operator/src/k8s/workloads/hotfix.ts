// A hotfix changes one container of the pod template in place: a strategic merge patch that
// merges containers and env entries by name, so everything else of the template stays.
import type { HotfixBody } from '@nimbus/api';
import type { WorkloadKind } from '@nimbus/api/shared';
import { invalid } from '../../core/problems.js';
import type { Workload } from './workload-object.js';
import { podTemplateOf } from './workload-object.js';

/** The containers' patch: image, env values set (a valueFrom they replace is cleared), removals. */
function containerPatch(body: HotfixBody): Record<string, unknown> {
  const env = [
    ...body.env.map(({ name, value }) => ({ name, value, valueFrom: null })),
    ...body.removeEnv.map((name) => ({ name, $patch: 'delete' })),
  ];
  return {
    name: body.container,
    ...(body.image === undefined ? {} : { image: body.image }),
    ...(env.length > 0 ? { env } : {}),
  };
}

/**
 * The strategic merge patch of a hotfix. The container must exist: a patch naming another would
 * add a container instead. No resourceVersion precondition: the controller's status writes move
 * it all the time, and a merge by name changes only what the hotfix names.
 */
export function hotfixPatch(
  kind: WorkloadKind,
  workload: Workload,
  body: HotfixBody,
): Record<string, unknown> {
  const containers = podTemplateOf(workload)?.spec?.containers ?? [];
  if (!containers.some((c) => c.name === body.container)) {
    throw invalid('container', `${body.container} is not a container of this workload`);
  }
  const template = { spec: { containers: [containerPatch(body)] } };
  const spec = kind === 'cronjobs' ? { jobTemplate: { spec: { template } } } : { template };
  return { spec };
}
