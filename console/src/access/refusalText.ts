import type { MemberCall, MemberRefusal } from '@nimbus/api';
import type { TFunction } from 'i18next';

/** The resource as Kubernetes writes it in RBAC rules: pods, pods/log. */
export const resourceOf = (call: Pick<MemberCall, 'resource' | 'subresource'>): string =>
  call.subresource ? `${call.resource}/${call.subresource}` : call.resource;

/** A Kubernetes verb in the reader's language; an unknown verb as the member said it. */
export const verbText = (verb: string, t: TFunction): string =>
  t(`refusal.verbs.${verb}`, { defaultValue: verb });

/** One call in words: "create serviceaccounts "web" in namespace web". */
export function callText(call: MemberCall, t: TFunction): string {
  const values = {
    verb: verbText(call.verb, t),
    resource: resourceOf(call),
    name: call.name ?? '',
    namespace: call.namespace ?? '',
  };
  const named = call.name ? 'Named' : '';
  return call.namespace
    ? t(`refusal.call${named}InNamespace`, values)
    : t(`refusal.call${named}AtCluster`, values);
}

/**
 * What a member cluster refused, worded from its structured parts; a refusal of another kind
 * (admission, quota) keeps the member's own English words.
 */
export function refusalText(refusal: MemberRefusal, t: TFunction): string {
  const values = {
    cluster: refusal.cluster,
    verb: verbText(refusal.verb, t),
    resource: resourceOf(refusal),
    namespace: refusal.namespace ?? '',
    name: refusal.name ?? '',
    reason: refusal.reason,
  };
  switch (refusal.cause) {
    case 'rbac':
      return refusal.namespace
        ? t('refusal.rbacInNamespace', values)
        : t('refusal.rbacAtCluster', values);
    case 'escalation':
      return t('refusal.escalation', values);
    case 'impersonation':
      return t('refusal.impersonation', values);
    case 'other':
      return t('refusal.other', values);
  }
}
