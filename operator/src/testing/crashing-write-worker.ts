// The index's write worker that stops dead on a write for cluster "crash", as one would on an
// out-of-memory: for the writer's tests of a worker that goes away (index-writer.test.ts).
import { parentPort } from 'node:worker_threads';
import type { WriteRequest } from '../index/write-protocol.js';

// Registered before the real worker's listener, so it runs first and that one never does.
parentPort?.on('message', (request: WriteRequest) => {
  if (request.op === 'apply' && request.cluster === 'crash') process.exit(3);
});
await import('../index/write-worker.js');
