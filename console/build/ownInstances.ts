import type { Plugin } from 'vite';

export interface OwnInstancesOptions {
  /** The importing package (a path segment below node_modules), e.g. swagger-ui-react. */
  importer: string;
  /** Packages it gets its own instance of. */
  packages: readonly string[];
}

/** The query that marks a module instance of its own. */
export const OWN_INSTANCE_QUERY = '?own-instance';

/**
 * Gives a lazily loaded package its own instance of libraries the first screen also uses.
 * Shared, a library module carries every export either side uses, so the parts only the lazy
 * package needs (react-redux's `connect` for Swagger UI) would grow the first screen's chunks.
 * Safe only for libraries the package uses on its own (Swagger UI keeps its own store).
 */
export function ownInstances({ importer, packages }: OwnInstancesOptions): Plugin {
  const fromImporter = new RegExp(`[\\\\/]node_modules[\\\\/]${importer}[\\\\/]`);
  return {
    name: 'nimbus-own-instances',
    enforce: 'pre',
    async resolveId(source, from, options) {
      if (!from || !packages.includes(source) || !fromImporter.test(from)) return null;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}${OWN_INSTANCE_QUERY}` };
    },
  };
}
