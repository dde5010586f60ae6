import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The unit tier's PostgreSQL server (testing/postgres-server.ts); tests take a database each. */
    postgresUrl: string;
  }
}

/** One server for the whole unit tier: each test creates its own database on it. */
export default function setup(project: TestProject): () => void {
  const server = startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
