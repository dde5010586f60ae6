/** Kubernetes quantities as the namespace forms accept them (SPEC §3 quota and limit range). */

export type Resource = 'cpu' | 'memory';

const CPU = /^(\d+(\.\d+)?|\.\d+)m?$/;
const MEMORY = /^(\d+(\.\d+)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/;

const SUFFIX_FACTORS: Record<string, number> = {
  '': 1,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** Whether `text` is a CPU (500m, 2, 0.5) or memory (512Mi, 1Gi, 1000000) quantity. */
export function isQuantity(resource: Resource, text: string): boolean {
  return (resource === 'cpu' ? CPU : MEMORY).test(text);
}

/** The quantity's value in base units (cores, bytes); undefined when it is not a quantity. */
export function quantityValue(resource: Resource, text: string): number | undefined {
  if (!isQuantity(resource, text)) return undefined;
  const match = /^([\d.]+)(.*)$/.exec(text);
  if (!match) return undefined;
  const factor = SUFFIX_FACTORS[match[2] ?? ''];
  return factor === undefined ? undefined : Number(match[1]) * factor;
}
