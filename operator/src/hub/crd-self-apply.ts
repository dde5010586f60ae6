// The operator keeps its own CRDs current (docs/decisions/crds-applied-by-the-operator.md): at
// start it server-side-applies the CRDs it was built with over the installed ones, but only
// when those are older (by the version the last applier stamped on them) or differ at the same
// version, so a rolled-back operator never downgrades a newer one's schemas.
import { createHash } from 'node:crypto';
import { ApiextensionsV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import { fieldManager, serverSideApply } from './apply-options.js';
import { isNotFound } from './hub-errors.js';
import type { Logger } from '../logger.js';
import type { KindDefinition } from '../crds/kind.js';
import { allKinds } from '../crds/kinds.js';
import { crdName, renderCrd } from '../crds/render.js';

export const versionAnnotation = 'nimbus.io/operator-version';
export const schemaHashAnnotation = 'nimbus.io/schema-hash';

export type CrdAction = 'apply' | 'current' | 'newer-installed';

/** Numeric major.minor.patch, then a release above its pre-releases; undefined if unparsable. */
export function compareVersions(a: string, b: string): number | undefined {
  const parse = (version: string) => {
    const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(version);
    return match ? { core: match.slice(1, 4).map(Number), pre: match[4] } : undefined;
  };
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return undefined;
  for (let i = 0; i < 3; i++) {
    const difference = (x.core[i] ?? 0) - (y.core[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre.localeCompare(y.pre, 'en', { numeric: true });
}

/** What to do with one installed CRD, given what this build would apply. */
export function decide(
  installed: Record<string, string> | undefined,
  mine: { version: string; hash: string },
): CrdAction {
  const theirs = installed?.[versionAnnotation];
  if (theirs !== undefined && (compareVersions(theirs, mine.version) ?? 0) > 0) {
    return 'newer-installed';
  }
  if (theirs === mine.version && installed?.[schemaHashAnnotation] === mine.hash) return 'current';
  return 'apply';
}

/** The CRD this build applies: the generated one, stamped with its version and schema hash. */
export function stampedCrd(kind: KindDefinition, version: string): Record<string, unknown> {
  const crd = renderCrd(kind) as { metadata: Record<string, unknown>; spec: unknown };
  const hash = createHash('sha256').update(JSON.stringify(crd.spec)).digest('hex').slice(0, 16);
  return {
    ...crd,
    metadata: {
      ...crd.metadata,
      annotations: { [versionAnnotation]: version, [schemaHashAnnotation]: hash },
    },
  };
}

export interface CrdOutcome {
  name: string;
  action: CrdAction | 'missing' | 'failed';
}

/**
 * Applies every kind's CRD that needs it. A CRD that is not installed is left alone (the chart's
 * crds/ folder installs them; creating CRDs would need a cluster-wide right the operator does not
 * ask for); failures are logged and reported, never fatal: the old schemas still serve.
 */
export async function applyOwnCrds(
  kubeConfig: KubeConfig,
  version: string,
  logger: Logger,
  kinds: readonly KindDefinition[] = allKinds,
): Promise<CrdOutcome[]> {
  const api = kubeConfig.makeApiClient(ApiextensionsV1Api);
  const outcomes: CrdOutcome[] = [];
  for (const kind of kinds) {
    const name = crdName(kind);
    const body = stampedCrd(kind, version);
    const hash = (body.metadata as { annotations: Record<string, string> }).annotations[
      schemaHashAnnotation
    ] as string;
    try {
      const installed: V1CustomResourceDefinition = await api.readCustomResourceDefinition({
        name,
      });
      const action = decide(installed.metadata?.annotations, { version, hash });
      if (action === 'apply') {
        await api.patchCustomResourceDefinition(
          { name, body, fieldManager, force: true },
          serverSideApply,
        );
      }
      outcomes.push({ name, action });
    } catch (error) {
      const missing = isNotFound(error);
      if (missing) logger.warn({ crd: name }, 'CRD not installed: install the chart’s crds/');
      else logger.error({ crd: name, err: error }, 'CRD not applied; the installed one serves');
      outcomes.push({ name, action: missing ? 'missing' : 'failed' });
    }
  }
  const applied = outcomes.filter((o) => o.action === 'apply').map((o) => o.name);
  const newer = outcomes.filter((o) => o.action === 'newer-installed').map((o) => o.name);
  logger.info({ applied, newerInstalled: newer, version }, 'CRDs checked');
  return outcomes;
}
