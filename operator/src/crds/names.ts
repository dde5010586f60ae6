import { z } from 'zod';
import type { NameRule } from './kind.js';

/**
 * Names of Nimbus resources: lowercase letters, digits and hyphens (SPEC §5), starting and
 * ending with a letter or digit; at most 63 characters so a name also fits in a label value.
 * Character classes instead of escapes keep the pattern valid in JS, RE2 and CEL string literals.
 */
export const resourceNamePattern = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
export const resourceNameMessage =
  'must consist of lowercase letters, digits and hyphens, start and end with a letter or digit, and be at most 63 characters';

/** User names: lowercase alphanumerics and hyphens in dot-separated labels (SPEC §5). */
export const userNamePattern =
  /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?([.][a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)*$/;
export const userNameMessage = 'Incorrect format, please re-enter';
export const userNameMaxLength = 253;

/** metadata.name rules of the kinds, enforced by a root CEL rule in each CRD. */
export const resourceNameRule: NameRule = {
  pattern: resourceNamePattern,
  message: `metadata.name ${resourceNameMessage}`,
};
export const userNameRule: NameRule = {
  pattern: userNamePattern,
  message: `metadata.name: ${userNameMessage} (lowercase letters, digits and hyphens in dot-separated labels)`,
  maxLength: userNameMaxLength,
};

export const resourceName = z.string().regex(resourceNamePattern, resourceNameMessage);
export const userName = z.string().max(userNameMaxLength).regex(userNamePattern, userNameMessage);

/** A reference by name to another Nimbus resource, which GitOps authors can write by hand. */
export function nameRef(description: string): typeof resourceName {
  return resourceName.meta({ description });
}

export function userRef(description: string): typeof userName {
  return userName.meta({ description });
}

/** Kubernetes object names for Secret refs: DNS subdomain and DNS label (namespace). */
export const dnsSubdomain = z.string().max(253).regex(userNamePattern, 'must be a DNS subdomain');
export const dnsLabel = z.string().regex(resourceNamePattern, 'must be a DNS label');
