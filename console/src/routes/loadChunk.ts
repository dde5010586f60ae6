import { CHUNK_LOAD_TIMEOUT_MS } from '../constants';

/** A lazily loaded script or style chunk that failed to arrive (network, deploy, time-out). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError =>
  error instanceof ChunkLoadError;

/** Runs a dynamic import, failing with ChunkLoadError when it rejects or takes too long. */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Chunk did not load within ${String(timeoutMs)} ms`));
    }, timeoutMs);
    load()
      .then(resolve, (cause: unknown) => {
        reject(new ChunkLoadError('Chunk failed to load', { cause }));
      })
      .finally(() => {
        clearTimeout(timer);
      });
  });
}
