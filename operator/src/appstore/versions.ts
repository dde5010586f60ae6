/** Orders chart versions newest first: SemVer 2 precedence, non-SemVer tags last by text. */
const semver = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function comparePrerelease(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i];
    const y = right[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
    if (order !== 0) return order;
  }
  return 0;
}

/** Positive when a is newer than b. */
export function compareVersions(a: string, b: string): number {
  const x = semver.exec(a);
  const y = semver.exec(b);
  if (!x || !y) return x ? 1 : y ? -1 : a.localeCompare(b);
  for (const part of [1, 2, 3]) {
    const order = Number(x[part]) - Number(y[part]);
    if (order !== 0) return order;
  }
  return comparePrerelease(x[4], y[4]);
}

export function newestFirst(versions: readonly string[]): string[] {
  return [...versions].sort((a, b) => compareVersions(b, a));
}
