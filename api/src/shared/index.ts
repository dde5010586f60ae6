// Pure helpers both the operator and the console use at runtime (no zod: the console bundle
// imports this entry point, never the schemas). Quantities, name rules, node fields and provider
// kinds move here from operator/src and console/src as the contract work proceeds.
export {};
