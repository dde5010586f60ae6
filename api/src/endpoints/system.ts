import { z } from 'zod';
import { endpoint, json } from '../endpoint.js';

/** Console-facing system settings; the console reads the MFA switch from data.MFA. */
export const systemConfigsSchema = z.object({
  MFA: z.boolean(),
  version: z.string(),
  host: z.string(),
});
export type SystemConfigs = z.infer<typeof systemConfigsSchema>;

export const systemEndpoints = {
  getBareVersion: endpoint({
    method: 'GET',
    path: '/version',
    access: { allow: 'public' },
    summary: 'Operator version (bare path)',
    tag: 'system',
    response: json(z.string()),
  }),
  getVersion: endpoint({
    method: 'GET',
    path: '/system.{host}/version',
    access: { allow: 'public' },
    summary: 'Operator version',
    tag: 'system',
    response: json(z.string()),
  }),
  getConfigs: endpoint({
    method: 'GET',
    path: '/system.{host}/configs',
    access: { allow: 'public' },
    summary: 'System configs (MFA switch)',
    tag: 'system',
    response: json(systemConfigsSchema),
  }),
  getOpenApi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    access: { allow: 'public' },
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'system',
    response: { kind: 'raw', mediaType: 'application/json', description: 'OpenAPI 3.1 document' },
    silent: true,
  }),
} as const;
