export * from './endpoint.js';
export * from './envelope.js';
export * from './openapi.js';
export * from './endpoints/system.js';
export { endpoints } from './endpoints/all.js';
export type { BodyFor, EndpointId, QueryFor, ResponseFor } from './endpoints/all.js';
