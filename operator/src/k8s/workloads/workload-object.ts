// The parts of workload objects the lifecycle operations read.
import type { KubeObject } from '../../index/trim.js';

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: unknown;
}

export interface Container {
  name: string;
  image?: string;
  env?: EnvVar[];
}

export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: { containers?: Container[]; initContainers?: Container[] };
}

export interface Workload extends KubeObject {
  spec?: {
    replicas?: number;
    selector?: LabelSelector;
    template?: PodTemplate;
    suspend?: boolean;
    jobTemplate?: {
      metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
      spec?: { template?: PodTemplate; [key: string]: unknown };
    };
  };
  status?: { currentRevision?: string; updateRevision?: string; [key: string]: unknown };
}

/** The pod template of any workload kind (a CronJob's sits in its job template). */
export function podTemplateOf(workload: Workload): PodTemplate | undefined {
  return workload.spec?.template ?? workload.spec?.jobTemplate?.spec?.template;
}

/** A label selector as the member's list calls take it (`app=web,tier in (a,b),!legacy`). */
export function selectorQuery(selector: LabelSelector): string {
  const labels = Object.entries(selector.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  const expressions = (selector.matchExpressions ?? []).map(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return `${key} in (${values.join(',')})`;
      case 'NotIn':
        return `${key} notin (${values.join(',')})`;
      case 'Exists':
        return key;
      default:
        return `!${key}`;
    }
  });
  return [...labels, ...expressions].join(',');
}

/** Whether `object` names the owner with `uid` among its owner references. */
export function ownedBy(object: KubeObject, uid: string | undefined): boolean {
  const references: unknown = object.metadata?.ownerReferences;
  return (
    uid !== undefined &&
    Array.isArray(references) &&
    references.some((reference) => (reference as { uid?: unknown }).uid === uid)
  );
}
