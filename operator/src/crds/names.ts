import { z } from 'zod';
import type { NameRule } from './kind.js';

import {
  resourceNameMessage,
  resourceNamePattern,
  userNameMaxLength,
  userNameMessage,
  userNamePattern,
} from '@nimbus/api/shared';

// The name rules are the contract's (api/src/shared/names.ts): the console checks the same.
export {
  resourceNameMessage,
  resourceNamePattern,
  userNameMaxLength,
  userNameMessage,
  userNamePattern,
};

/** metadata.name rules of the kinds, enforced by a root CEL rule in each CRD. */
export const resourceNameRule: NameRule = {
  pattern: resourceNamePattern,
  message: `metadata.name ${resourceNameMessage}`,
};
export const userNameRule: NameRule = {
  pattern: userNamePattern,
  message:
    'metadata.name must consist of lowercase letters, digits and hyphens in dot-separated labels, each starting and ending with a letter or digit',
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
