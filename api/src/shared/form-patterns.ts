// Syntax rules the API schemas check and the console's forms check before sending, written once
// so that a form never accepts what the server refuses (or refuses what it accepts). Values are
// trimmed before they are tested, on both sides.

/** A DNS-1123 subdomain as most object names are written (config maps, volumes, classes). */
export const objectNamePattern = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** A container environment variable name. */
export const envNamePattern = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;

/** An absolute path inside a container (a volume mount); ":" is refused by Kubernetes. */
export const absolutePathPattern = /^\/[^:]*$/;

/** An Ingress rule's host, a wildcard first label allowed. */
export const ingressHostPattern = /^(\*\.)?[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** An Ingress rule's path. */
export const ingressPathPattern = /^\/\S*$/;

/** A StorageClass provisioner such as nfs.csi.k8s.io. */
export const provisionerPattern = /^[A-Za-z0-9]([-A-Za-z0-9._/]*[A-Za-z0-9])?$/;

/** An NFS server: a host name, an IPv4 address or a bracketed IPv6 address. */
export const nfsServerPattern = /^[A-Za-z0-9]([-A-Za-z0-9.:[\]]*[A-Za-z0-9\]])?$/;

/** An image registry as a pull secret names it: host, optional port and path. */
export const registryServerPattern =
  /^[A-Za-z0-9]([-A-Za-z0-9.]*[A-Za-z0-9])?(:[0-9]{1,5})?(\/[-A-Za-z0-9._/]*)?$/;

/** A named container port (an IANA service name) is at most this long. */
export const maxPortNameLength = 15;
