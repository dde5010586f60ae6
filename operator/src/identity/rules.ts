// The account rules of SPEC §5 are the contract's (api/src/shared/accounts.ts and
// api/src/schemas/accounts.ts), so bootstrap and GitOps passwords pass the API's check.
export { passwordRule } from '@nimbus/api';
export { meetsPasswordRule, ruleMessages } from '@nimbus/api/shared';
