/** Kubernetes quantities as the namespace forms accept them (quota and limit range). */
import { quantityValue as readQuantity } from '@nimbus/api/shared';

export type Resource = 'cpu' | 'memory';

const CPU = /^(\d+(\.\d+)?|\.\d+)m?$/;
const MEMORY = /^(\d+(\.\d+)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/;

/** Whether `text` is a CPU (500m, 2, 0.5) or memory (512Mi, 1Gi, 1000000) quantity. */
export function isQuantity(resource: Resource, text: string): boolean {
  return (resource === 'cpu' ? CPU : MEMORY).test(text);
}

/** The quantity's value in base units (cores, bytes); undefined when it is not a quantity. */
export function quantityValue(resource: Resource, text: string): number | undefined {
  return isQuantity(resource, text) ? readQuantity(text) : undefined;
}
