// Pure helpers both the operator and the console use at run time (no zod: the console bundle
// imports this entry point, never the schemas).
export * from './errors.js';
export * from './names.js';
export * from './nodes.js';
export * from './quantity.js';
export * from './providers.js';
export * from './accounts.js';
export * from './images.js';
export * from './workloads.js';
export * from './kinds.js';
export * from './import-kinds.js';
export * from './cron.js';
export * from './applications.js';
export * from './config-mounts.js';
export * from './resource-forms.js';
export * from './dashboards.js';
export * from './alarms.js';
export * from './monitoring.js';
export * from './registries.js';
export * from './cost.js';
export * from './chart-sources.js';
export * from './credential-addresses.js';
export * from './endpoint-paths.js';
export * from './identity-providers.js';
export * from './path-pattern.js';
export * from './csv.js';
