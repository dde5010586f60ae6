// Kubernetes resource quantities (apimachinery resource.Quantity), read far enough to compare.
const pattern = /^((\d+(\.\d*)?)|(\.\d+))(([KMGTPE]i)|[numkMGTPE]|([eE][+-]?\d+))?$/;

const suffixes: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
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

/** The value of a non-negative quantity, or undefined when it is not one. */
export function quantityValue(text: string): number | undefined {
  const match = pattern.exec(text.trim());
  if (!match) return undefined;
  const number = Number(match[1]);
  const exponent = match[7];
  const scale = exponent ? 10 ** Number(exponent.slice(1)) : suffixes[match[5] ?? ''];
  if (scale === undefined) return undefined;
  const value = number * scale;
  return Number.isFinite(value) ? value : undefined;
}

/** For summing capacities: the quantity's value in base units, 0 for anything unparsable. */
export function parseQuantity(text: string | undefined): number {
  return quantityValue(text ?? '') ?? 0;
}

const binaryUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** Bytes as people read memory and storage: 1 decimal in the largest binary unit, e.g. 15.6 GiB. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < binaryUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${binaryUnits[unit]}`;
}

/** CPU cores with at most millicore precision, e.g. 3.5 or 0.25. */
export function formatCores(cores: number): string {
  return String(Math.round(cores * 1000) / 1000);
}
