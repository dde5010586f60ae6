import { afterEach, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './loadChunk';

afterEach(() => {
  vi.useRealTimers();
});

it('resolves with the loaded module', async () => {
  await expect(loadChunk(() => Promise.resolve({ default: 'page' }))).resolves.toEqual({
    default: 'page',
  });
});

it('turns a failed import into a ChunkLoadError that keeps the cause', async () => {
  const cause = new TypeError('Failed to fetch dynamically imported module');
  const loading = loadChunk(() => Promise.reject(cause));
  await expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
  await expect(loading).rejects.toMatchObject({ cause });
});

it('gives up after 120000 ms by default', async () => {
  vi.useFakeTimers();
  const loading = loadChunk(() => new Promise<never>(() => undefined));
  const settled = vi.fn();
  loading.catch(settled);

  await vi.advanceTimersByTimeAsync(119_999);
  expect(settled).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  await expect(loading).rejects.toThrow('120000 ms');
});
