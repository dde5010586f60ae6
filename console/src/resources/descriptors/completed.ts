/** What dispatching an RTK Query mutation's `initiate` returns, as far as an action needs it. */
interface MutationRequest<T> {
  unwrap(): Promise<T>;
  reset(): void;
}

/** The mutation's result (or its rejection); the finished request leaves nothing in the store. */
export async function completed<T>(request: MutationRequest<T>): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.reset();
  }
}
