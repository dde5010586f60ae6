// Every Kubernetes kind Nimbus knows, declared once: where the member's API serves it, its
// scope, whether the multi-cluster index follows it (and so the console lists it), whether a
// YAML import may create it and which permission group of the role catalogue governs it. The
// index, the import checks, the catalogue's RBAC projection, the agent's rights, the creation
// forms' paths and the console's lists all derive from this table
// (docs/decisions/kind-registry.md). A new listable kind is one entry here plus its columns in
// the console.

export interface KindDeclaration {
  /** The Kubernetes Kind, e.g. `Pod`: what the console's routes and favourites name. */
  readonly kind: string;
  /** The API group; empty for the core group. */
  readonly group: string;
  readonly version: string;
  /** The member's collection name, also the index's `kind` column and the API's kind segment. */
  readonly plural: string;
  readonly namespaced: boolean;
  /**
   * Followed by the multi-cluster index and listed by the console (in this table's order, the
   * order of the User Services menu): `objects` stores trimmed objects, `metadata` only their
   * metadata (Secrets: data never crosses the wire).
   */
  readonly index?: 'objects' | 'metadata';
  /** A YAML import may create it; `alsoVersions` are older API versions it accepts too. */
  readonly importable?: true | { readonly alsoVersions: readonly string[] };
  /**
   * The role catalogue's permission group whose create, edit and delete rights cover this
   * kind (`service` for `service:create` …). Absent for kinds a permission reads only as part
   * of another (ReplicaSets of an application's history).
   */
  readonly permissionGroup?: string;
}

const core = { group: '', version: 'v1' } as const;
const apps = { group: 'apps', version: 'v1' } as const;
const batch = { group: 'batch', version: 'v1' } as const;
const networking = { group: 'networking.k8s.io', version: 'v1' } as const;
const storage = { group: 'storage.k8s.io', version: 'v1' } as const;
const rbac = { group: 'rbac.authorization.k8s.io', version: 'v1' } as const;

/**
 * The table. Indexed kinds come first, in menu order; cluster-scoped kinds a YAML import may
 * create are the ones the console's own forms create (Namespace, PersistentVolume,
 * StorageClass): cluster-wide RBAC, webhooks and CRDs are not imported from a console.
 */
// One line per kind, so the table reads as one.
// prettier-ignore
export const kindDeclarations = [
  { kind: 'Deployment', ...apps, plural: 'deployments', namespaced: true, index: 'objects', importable: true, permissionGroup: 'application' },
  { kind: 'StatefulSet', ...apps, plural: 'statefulsets', namespaced: true, index: 'objects', importable: true, permissionGroup: 'application' },
  { kind: 'CronJob', ...batch, plural: 'cronjobs', namespaced: true, index: 'objects', importable: true, permissionGroup: 'application' },
  { kind: 'DaemonSet', ...apps, plural: 'daemonsets', namespaced: true, index: 'objects', importable: true, permissionGroup: 'application' },
  { kind: 'Pod', ...core, plural: 'pods', namespaced: true, index: 'objects', importable: true, permissionGroup: 'application' },
  { kind: 'Service', ...core, plural: 'services', namespaced: true, index: 'objects', importable: true, permissionGroup: 'service' },
  { kind: 'Ingress', ...networking, plural: 'ingresses', namespaced: true, index: 'objects', importable: true, permissionGroup: 'ingress' },
  { kind: 'ConfigMap', ...core, plural: 'configmaps', namespaced: true, index: 'objects', importable: true, permissionGroup: 'configmap' },
  { kind: 'Secret', ...core, plural: 'secrets', namespaced: true, index: 'metadata', importable: true, permissionGroup: 'secret' },
  { kind: 'Namespace', ...core, plural: 'namespaces', namespaced: false, index: 'objects', importable: true, permissionGroup: 'namespace' },
  { kind: 'PersistentVolume', ...core, plural: 'persistentvolumes', namespaced: false, index: 'objects', importable: true, permissionGroup: 'persistentvolume' },
  { kind: 'PersistentVolumeClaim', ...core, plural: 'persistentvolumeclaims', namespaced: true, index: 'objects', importable: true, permissionGroup: 'persistentvolumeclaim' },
  { kind: 'StorageClass', ...storage, plural: 'storageclasses', namespaced: false, index: 'objects', importable: true, permissionGroup: 'storageclass' },
  { kind: 'Node', ...core, plural: 'nodes', namespaced: false, index: 'objects', permissionGroup: 'node' },
  { kind: 'Job', ...batch, plural: 'jobs', namespaced: true, index: 'objects', importable: true, permissionGroup: 'application' },
  { kind: 'Event', ...core, plural: 'events', namespaced: true, index: 'objects', permissionGroup: 'event' },
  { kind: 'Endpoints', ...core, plural: 'endpoints', namespaced: true, permissionGroup: 'service' },
  { kind: 'ServiceAccount', ...core, plural: 'serviceaccounts', namespaced: true, importable: true, permissionGroup: 'serviceaccount' },
  { kind: 'ResourceQuota', ...core, plural: 'resourcequotas', namespaced: true, importable: true, permissionGroup: 'resourcequota' },
  { kind: 'LimitRange', ...core, plural: 'limitranges', namespaced: true, importable: true, permissionGroup: 'resourcequota' },
  { kind: 'ReplicaSet', ...apps, plural: 'replicasets', namespaced: true, importable: true },
  { kind: 'ControllerRevision', ...apps, plural: 'controllerrevisions', namespaced: true },
  { kind: 'NetworkPolicy', ...networking, plural: 'networkpolicies', namespaced: true, importable: true, permissionGroup: 'networkpolicy' },
  { kind: 'HorizontalPodAutoscaler', group: 'autoscaling', version: 'v2', plural: 'horizontalpodautoscalers', namespaced: true, importable: { alsoVersions: ['v1'] }, permissionGroup: 'autoscaler' },
  { kind: 'PodDisruptionBudget', group: 'policy', version: 'v1', plural: 'poddisruptionbudgets', namespaced: true, importable: true, permissionGroup: 'poddisruptionbudget' },
  { kind: 'Role', ...rbac, plural: 'roles', namespaced: true, importable: true, permissionGroup: 'role' },
  { kind: 'RoleBinding', ...rbac, plural: 'rolebindings', namespaced: true, importable: true, permissionGroup: 'rolebinding' },
] as const satisfies readonly KindDeclaration[];

type Declared = (typeof kindDeclarations)[number];
/** A Kind the table declares. */
export type DeclaredKind = Declared['kind'];
/** A Kind the index follows and the console lists. */
export type IndexedKindName = Extract<Declared, { index: string }>['kind'];

const isIndexed = (declaration: KindDeclaration): boolean => declaration.index !== undefined;

/** The indexed kinds of a table, in its order (the menu's). */
export function indexedDeclarations(
  table: readonly KindDeclaration[] = kindDeclarations,
): KindDeclaration[] {
  return table.filter(isIndexed);
}

/** The Kinds the console lists, in menu order. */
export const indexedKindNames = indexedDeclarations().map(
  (declaration) => declaration.kind,
) as readonly IndexedKindName[];

export function kindDeclaration(kind: DeclaredKind): KindDeclaration;
export function kindDeclaration(kind: string): KindDeclaration | undefined;
export function kindDeclaration(kind: string): KindDeclaration | undefined {
  return (kindDeclarations as readonly KindDeclaration[]).find((entry) => entry.kind === kind);
}

/** The kind whose collection is `plural` (the index's and the API's name for a kind). */
export function declarationOfPlural(plural: string): KindDeclaration | undefined {
  return (kindDeclarations as readonly KindDeclaration[]).find((entry) => entry.plural === plural);
}

/** `v1` or `apps/v1`: the apiVersion of a manifest of this kind. */
export const apiVersionOf = (
  declaration: KindDeclaration,
  version = declaration.version,
): string => (declaration.group === '' ? version : `${declaration.group}/${version}`);

/**
 * The member's collection path: across all namespaces (`/apis/apps/v1/deployments`), or in one
 * (`/apis/apps/v1/namespaces/shop/deployments`) for a namespaced kind.
 */
export function kindCollectionPath(declaration: KindDeclaration, namespace?: string): string {
  const base = declaration.group === '' ? '/api/' : `/apis/${declaration.group}/`;
  const scope =
    namespace !== undefined && declaration.namespaced
      ? `namespaces/${encodeURIComponent(namespace)}/`
      : '';
  return `${base}${declaration.version}/${scope}${declaration.plural}`;
}

/** The kinds of a table that a permission group covers, in the table's order. */
export function kindsOfPermissionGroup(
  group: string,
  table: readonly KindDeclaration[] = kindDeclarations,
): KindDeclaration[] {
  return table.filter((declaration) => declaration.permissionGroup === group);
}
