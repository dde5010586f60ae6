import type { BodyFor, ClusterLocation } from '@nimbus/api';
import {
  fileModePattern,
  isMountPath,
  mountAnnotations,
  type SecretType,
} from '@nimbus/api/shared';

export type ConfigKind = 'ConfigMap' | 'Secret';

export interface DataItem {
  fileName?: string;
  content?: string;
}

/** Mount settings: where and how the application form mounts the object. */
export interface MountValues {
  path?: string;
  overlay?: boolean;
  mode?: string;
  containers?: string[];
}

export interface ConfigFormValues {
  location?: ClusterLocation;
  namespace?: string;
  name?: string;
  secretType?: SecretType;
  items?: DataItem[];
  tls?: { cert?: string; key?: string };
  registry?: { server?: string; username?: string; password?: string; email?: string };
  mount?: MountValues;
}

type Placed = ClusterLocation & { namespace: string };

/** What the form sends: the full object, or for image-registry secrets its parts. */
export type ConfigRequest =
  | { call: 'configMap'; body: BodyFor<'createConfigMap'> & Placed }
  | { call: 'secret'; body: BodyFor<'createSecret'> & Placed }
  | { call: 'registrySecret'; body: BodyFor<'createRegistrySecret'> & Placed };

/** File names of one object must not repeat; the index of each repeat after the first. */
export function repeatedFileNames(items: readonly DataItem[] | undefined): Set<number> {
  const seen = new Set<string>();
  const repeated = new Set<number>();
  (items ?? []).forEach((item, index) => {
    const name = item.fileName?.trim();
    if (!name) return;
    if (seen.has(name)) repeated.add(index);
    seen.add(name);
  });
  return repeated;
}

export const isFileMode = (mode: string): boolean => fileModePattern.test(mode);
export { isMountPath };

function mountAnnotationsOf(mount: MountValues | undefined): Record<string, string> | undefined {
  const annotations: Record<string, string> = {};
  const path = mount?.path?.trim();
  if (path) {
    annotations[mountAnnotations.path] = path;
    annotations[mountAnnotations.overlay] = String(mount?.overlay ?? false);
  }
  const mode = mount?.mode?.trim();
  if (mode) annotations[mountAnnotations.mode] = mode;
  if (mount?.containers && mount.containers.length > 0) {
    annotations[mountAnnotations.containers] = mount.containers.join(',');
  }
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}

function dataOf(items: readonly DataItem[] | undefined): Record<string, string> {
  return Object.fromEntries(
    (items ?? [])
      .filter((item) => item.fileName?.trim())
      .map((item) => [item.fileName?.trim() ?? '', item.content ?? '']),
  );
}

/** The request a filled form sends; the form has validated every field before. */
export function configRequest(kind: ConfigKind, values: ConfigFormValues): ConfigRequest {
  const { location, namespace = '', name = '' } = values;
  const placed = { ...(location as ClusterLocation), namespace };
  const annotations = mountAnnotationsOf(values.mount);
  const metadata = { name: name.trim(), ...(annotations ? { annotations } : {}) };
  if (kind === 'ConfigMap') {
    return { call: 'configMap', body: { ...placed, metadata, data: dataOf(values.items) } };
  }
  const type = values.secretType ?? 'Opaque';
  if (type === 'kubernetes.io/dockerconfigjson') {
    const registry = values.registry ?? {};
    const email = registry.email?.trim();
    return {
      call: 'registrySecret',
      body: {
        ...placed,
        name: metadata.name,
        ...(annotations ? { annotations } : {}),
        server: registry.server?.trim() ?? '',
        username: registry.username?.trim() ?? '',
        password: registry.password ?? '',
        ...(email ? { email } : {}),
      },
    };
  }
  const stringData =
    type === 'kubernetes.io/tls'
      ? { 'tls.crt': values.tls?.cert ?? '', 'tls.key': values.tls?.key ?? '' }
      : dataOf(values.items);
  return { call: 'secret', body: { ...placed, metadata, type, stringData } };
}

const mountKeys: ReadonlySet<string> = new Set(Object.values(mountAnnotations));

/** The form's values of an existing config map: its files and its mount settings. */
export function configFormValuesOf(object: {
  data?: unknown;
  metadata?: { annotations?: Record<string, string> };
}): Pick<ConfigFormValues, 'items' | 'mount'> {
  const data = (object.data ?? {}) as Record<string, string>;
  const annotations = object.metadata?.annotations ?? {};
  const containers = annotations[mountAnnotations.containers];
  return {
    items: Object.entries(data).map(([fileName, content]) => ({ fileName, content })),
    mount: {
      path: annotations[mountAnnotations.path] ?? '',
      overlay: annotations[mountAnnotations.overlay] === 'true',
      mode: annotations[mountAnnotations.mode] ?? '',
      containers: containers ? containers.split(',') : [],
    },
  };
}

/** Annotations other than the mount settings, which a replace keeps as they are. */
export function otherAnnotations(
  annotations: Record<string, string> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(annotations ?? {}).filter(([key]) => !mountKeys.has(key)),
  );
}
