// Kubernetes name rules, checked the same way in the console's forms and the operator's input.

const nameChars = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
/** RFC 1123 subdomain: lowercase letters, digits, '-' and '.', as object names and key prefixes. */
export const dnsSubdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export const qualifiedNameRule =
  "must be a name of at most 63 characters (letters, digits, '-', '_' or '.', starting and " +
  'ending with a letter or digit), optionally prefixed by a DNS subdomain of at most 253 ' +
  "characters and '/', e.g. example.com/tier";
export const labelValueRule =
  "must be empty or at most 63 characters of letters, digits, '-', '_' or '.', starting and " +
  'ending with a letter or digit';

/** RFC 1123 label: namespaces, releases and most names inside one namespace (63 at most). */
export const dnsLabelPattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** A qualified name: label, annotation and taint keys. */
export function isQualifiedName(key: string): boolean {
  const slash = key.indexOf('/');
  const prefix = slash === -1 ? undefined : key.slice(0, slash);
  const name = slash === -1 ? key : key.slice(slash + 1);
  if (prefix !== undefined && (prefix.length > 253 || !dnsSubdomain.test(prefix))) return false;
  return name.length <= 63 && nameChars.test(name);
}

/** A label value: empty, or letters and digits with "-", "_" and "." inside (63 at most). */
export const labelValuePattern = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/;
export const maxLabelValueLength = 63;

export function isLabelValue(value: string): boolean {
  return value.length <= maxLabelValueLength && labelValuePattern.test(value);
}

/** A DNS subdomain name of at most 253 characters (nodes, most object names). */
export function isSubdomainName(name: string): boolean {
  return name.length <= 253 && dnsSubdomain.test(name);
}

/**
 * Names of Nimbus resources: lowercase letters, digits and hyphens, starting and
 * ending with a letter or digit; at most 63 characters so a name also fits in a label value.
 * Character classes instead of escapes keep the pattern valid in JS, RE2 and CEL string literals.
 */
export const resourceNamePattern = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
export const resourceNameMessage =
  'must consist of lowercase letters, digits and hyphens, start and end with a letter or digit, and be at most 63 characters';

/** User names: lowercase alphanumerics and hyphens in dot-separated labels. */
export const userNamePattern =
  /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?([.][a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)*$/;
export const userNameMessage = 'Incorrect format, please re-enter';
export const userNameMaxLength = 253;
