import { fileURLToPath } from 'node:url';

// This file sits directly in src/ (tsx) or dist/ (built), so '..' is the operator package either way.
export const operatorPackageDir = fileURLToPath(new URL('..', import.meta.url));
export const operatorPackageJson = fileURLToPath(new URL('../package.json', import.meta.url));
export const defaultConsoleDir = fileURLToPath(new URL('../../console/dist', import.meta.url));
// hack/operator.sh keeps each local instance under .cache/operator/<instance>; `dev` is `make up`'s.
export const defaultDataDir = fileURLToPath(
  new URL('../../.cache/operator/dev/data', import.meta.url),
);
