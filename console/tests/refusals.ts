import type { MemberRefusal } from '@nimbus/api';

/** A member's refusal as the operator reports it: vera may not get a service account in web. */
export const serviceAccountRefusal: MemberRefusal = {
  cluster: 'prod',
  cause: 'rbac',
  verb: 'get',
  group: '',
  resource: 'serviceaccounts',
  namespace: 'web',
  name: 'shop',
  reason:
    'serviceaccounts "shop" is forbidden: User "nimbus:vera" cannot get resource "serviceaccounts" in API group "" in the namespace "web"',
};
