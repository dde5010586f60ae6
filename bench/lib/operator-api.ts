// The operator's HTTP API as the benches call it: /api/v1/{service}.nimbus.io/…, JSON envelope in
// and out, a bearer token when signed in.
export interface OperatorApi {
  url: string;
  call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T>;
}

export function operatorApi(url: string): OperatorApi {
  return {
    url,
    async call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
      const response = await fetch(new URL(`/api/v1/${path}`, url), {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const envelope = (await response.json()) as { code: number; message: string; data: T };
      if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.message}`);
      return envelope.data;
    },
  };
}

/** `--url`, else the test operator's port (NIMBUS_TEST_OPERATOR_PORT) on loopback. */
export function operatorUrlFromEnv(given?: string): string {
  return given ?? `http://127.0.0.1:${process.env.NIMBUS_TEST_OPERATOR_PORT ?? '18080'}`;
}
