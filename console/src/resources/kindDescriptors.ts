import { BUILT_IN_KIND_DESCRIPTORS } from './descriptors/builtInKinds';
import type { KindDescriptor } from './descriptors/types';
import { LISTED_KINDS, type ListedKind } from './resourceKinds';

export type { KindDescriptor } from './descriptors/types';

/** The kinds the generic screens and menus know, and how a route or record names them. */
export interface KindRegistry {
  /** In menu order. */
  readonly descriptors: readonly KindDescriptor[];
  /**
   * The kind a route's `:type` names. Routes use the Kind (`Pod`); older history records and
   * favourites used the index plural (`pods`), which is accepted too, in any letter case.
   */
  descriptorOfType(type: string): KindDescriptor | undefined;
  /** The kind whose creation form opens at `/add/<form>`. */
  descriptorOfCreateForm(form: string): KindDescriptor | undefined;
}

export function kindRegistry(descriptors: readonly KindDescriptor[]): KindRegistry {
  const byKind = new Map(descriptors.map((descriptor) => [descriptor.kind, descriptor]));
  const byLowerName = new Map(
    descriptors.flatMap((descriptor) => [
      [descriptor.plural.toLowerCase(), descriptor] as const,
      [descriptor.kind.toLowerCase(), descriptor] as const,
    ]),
  );
  return {
    descriptors,
    descriptorOfType: (type) => byKind.get(type) ?? byLowerName.get(type.toLowerCase()),
    descriptorOfCreateForm: (form) =>
      descriptors.find((descriptor) =>
        descriptor.create?.forms.some((candidate) => candidate === form),
      ),
  };
}

const KIND_DESCRIPTORS: Record<ListedKind, KindDescriptor> = BUILT_IN_KIND_DESCRIPTORS;

/** The console's own kinds, in the order of LISTED_KINDS. */
export const builtInKinds: KindRegistry = kindRegistry(
  LISTED_KINDS.map((kind) => KIND_DESCRIPTORS[kind]),
);

export const kindOfType = (type: string): ListedKind | undefined =>
  builtInKinds.descriptorOfType(type)?.kind as ListedKind | undefined;

export const descriptorOfType = (type: string): KindDescriptor | undefined =>
  builtInKinds.descriptorOfType(type);

/** The Kind for a search result or stored record type; unknown types are kept as given. */
export const routeTypeOf = (type: string): string => kindOfType(type) ?? type;

export const pluralOf = (kind: ListedKind): string => KIND_DESCRIPTORS[kind].plural;
