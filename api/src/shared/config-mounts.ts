// Config map / secret mount settings (mount path, overlay, mode, mounted containers).
// They describe how the application form should mount the object, so they travel with it as
// annotations (docs/decisions/resource-forms.md): the object stays plain Kubernetes and GitOps can write them.

export const mountAnnotations = {
  path: 'nimbus.io/mount-path',
  overlay: 'nimbus.io/mount-overlay',
  mode: 'nimbus.io/mount-mode',
  containers: 'nimbus.io/mounted-containers',
} as const;

/** Data keys are file names when mounted: Kubernetes allows letters, digits, '-', '_' and '.'. */
export const dataKeyPattern = /^[-._a-zA-Z0-9]+$/;
export const maxDataKeyLength = 253;
/** The API server refuses ConfigMaps and Secrets over 1 MiB. */
export const maxConfigBytes = 1024 * 1024;

/** An absolute path without '..' segments or a ':' (Kubernetes refuses both in mountPath). */
export function isMountPath(path: string): boolean {
  if (!path.startsWith('/') || path.length > 4096 || path.includes(':')) return false;
  return !path.split('/').includes('..');
}

/** A file mode as Kubernetes writes it in YAML: octal 0000 to 0777. */
export const fileModePattern = /^0?[0-7]{3}$/;

/** Container names (the `containers` annotation) are DNS labels, listed comma-separated. */
const containerName = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Why a mount annotation value is wrong, or undefined when it is fine. */
export function mountAnnotationProblem(key: string, value: string): string | undefined {
  switch (key) {
    case mountAnnotations.path:
      return isMountPath(value) ? undefined : 'must be an absolute path without .. or :';
    case mountAnnotations.overlay:
      return value === 'true' || value === 'false' ? undefined : 'must be true or false';
    case mountAnnotations.mode:
      return fileModePattern.test(value) ? undefined : 'must be an octal file mode such as 0644';
    case mountAnnotations.containers:
      return value.split(',').every((name) => name.length <= 63 && containerName.test(name))
        ? undefined
        : 'must list container names separated by commas';
    default:
      return undefined;
  }
}

/** Total size of the data as the API server counts it (keys plus values). */
export function dataBytes(...maps: Array<Record<string, string> | undefined>): number {
  let total = 0;
  for (const map of maps) {
    for (const [key, value] of Object.entries(map ?? {})) {
      total += key.length + value.length;
    }
  }
  return total;
}

/** The Secret types the shared form offers (generic, TLS and image-registry). */
export const secretTypes = [
  'Opaque',
  'kubernetes.io/tls',
  'kubernetes.io/dockerconfigjson',
] as const;
export type SecretType = (typeof secretTypes)[number];

/** The keys each Secret type must hold (Kubernetes' own validation). */
export const requiredSecretKeys: Record<SecretType, readonly string[]> = {
  Opaque: [],
  'kubernetes.io/tls': ['tls.crt', 'tls.key'],
  'kubernetes.io/dockerconfigjson': ['.dockerconfigjson'],
};
