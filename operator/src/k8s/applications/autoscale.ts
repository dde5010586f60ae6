// "Scale automatically": the workload's HorizontalPodAutoscaler (autoscaling/v2, named
// like the workload), read, created or replaced, and deleted as the caller.
import type { AutoscaleInput, AutoscaleView, WorkloadAddress } from '@nimbus/api';
import { kindCollectionPath, kindDeclaration } from '@nimbus/api/shared';
import { ApiError, errors } from '../../core/errors.js';
import type { UserMember } from '../member-access.js';
import { kindNameOf, workloadPath } from '../workloads/workload-paths.js';
import { autoscalerManifest, bodyOf, selectorLabel } from './manifests.js';

interface Hpa {
  metadata?: { name?: string; resourceVersion?: string };
  spec?: {
    minReplicas?: number;
    maxReplicas?: number;
    scaleTargetRef?: { kind?: string; name?: string };
    metrics?: {
      type?: string;
      resource?: { name?: string; target?: { averageUtilization?: number } };
    }[];
  };
}

const hpaCollection = (namespace: string) =>
  kindCollectionPath(kindDeclaration('HorizontalPodAutoscaler'), namespace);
const hpaPath = (address: WorkloadAddress) =>
  `${hpaCollection(address.namespace)}/${encodeURIComponent(address.name)}`;

/** The form's view of an HPA: its range and the CPU and memory utilisation targets. */
export function autoscaleViewOf(hpa: Hpa): NonNullable<AutoscaleView> {
  const target = (name: string) =>
    hpa.spec?.metrics?.find((m) => m.type === 'Resource' && m.resource?.name === name)?.resource
      ?.target?.averageUtilization;
  const cpu = target('cpu');
  const memory = target('memory');
  return {
    name: hpa.metadata?.name ?? '',
    minReplicas: hpa.spec?.minReplicas ?? 1,
    maxReplicas: hpa.spec?.maxReplicas ?? 1,
    ...(cpu === undefined ? {} : { cpuUtilization: cpu }),
    ...(memory === undefined ? {} : { memoryUtilization: memory }),
  };
}

async function readHpa(member: UserMember, address: WorkloadAddress): Promise<Hpa | undefined> {
  try {
    return await member.json<Hpa>({ path: hpaPath(address) });
  } catch (error) {
    if (error instanceof ApiError && error.entry === errors.notFound) return undefined;
    throw error;
  }
}

export async function getAutoscale(
  member: UserMember,
  address: WorkloadAddress,
): Promise<AutoscaleView> {
  const hpa = await readHpa(member, address);
  return hpa ? autoscaleViewOf(hpa) : null;
}

export async function setAutoscale(
  member: UserMember,
  address: WorkloadAddress,
  input: AutoscaleInput,
): Promise<AutoscaleView> {
  // The workload must exist (404 otherwise): an HPA aimed at nothing helps nobody.
  await member.json({ path: workloadPath(address.kind, address.namespace, address.name) });
  const manifest = autoscalerManifest(
    {
      kind: kindNameOf(address.kind),
      name: address.name,
      namespace: address.namespace,
      labels: { [selectorLabel]: address.name },
    },
    input,
  );
  const existing = await readHpa(member, address);
  const hpa = existing
    ? await member.json<Hpa>({
        method: 'PUT',
        path: hpaPath(address),
        body: {
          ...bodyOf(manifest),
          metadata: { ...manifest.metadata, resourceVersion: existing.metadata?.resourceVersion },
        },
      })
    : await member.json<Hpa>({
        method: 'POST',
        path: hpaCollection(address.namespace),
        body: bodyOf(manifest),
      });
  return autoscaleViewOf(hpa);
}

export async function deleteAutoscale(member: UserMember, address: WorkloadAddress): Promise<null> {
  await member.json({ method: 'DELETE', path: hpaPath(address) });
  return null;
}
