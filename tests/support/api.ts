// A minimal client of the operator under test: JSON in, envelope out.
import { testEnv } from './env.js';

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: Envelope<T>;
  /** The raw body text, for leak checks. */
  text: string;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Another operator than the one under test: a replica of a Helm install, or one a test started. */
  baseUrl?: string;
}

/**
 * fetch, sent again once when a kept-alive connection turns out to have been closed by the
 * server while idle: kubectl runs synchronously in the tests and can hold the event loop past
 * the server's keep-alive timeout, so the client reuses a socket the server already closed.
 * The request never reached the server then, so sending it again is safe.
 */
async function fetchOnce(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** Calls /api/v1/{service}.{host}{path} and returns the answer as text (exports are not envelopes). */
export async function apiText(
  method: string,
  service: string,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const url = new URL(
    `/api/v1/${service}.${testEnv.host}${path}`,
    options.baseUrl ?? testEnv.operatorUrl,
  );
  const response = await fetchOnce(url, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Calls /api/v1/{service}.{host}{path}, e.g. api('POST', 'auth', '/login', {...}). */
export async function api<T = unknown>(
  method: string,
  service: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const { status, text, headers } = await apiText(method, service, path, options);
  return { status, body: JSON.parse(text) as Envelope<T>, text, headers };
}

export interface LoginData {
  token: string;
  userId: string;
  userName: string;
  expiresAt: string;
  mustChangePassword: boolean;
}

export async function login(
  userName: string,
  password: string,
  mfaCode?: string,
  baseUrl?: string,
) {
  return api<LoginData>('POST', 'auth', '/login', {
    body: { userName, password, ...(mfaCode ? { mfaCode } : {}) },
    ...(baseUrl ? { baseUrl } : {}),
  });
}

export async function register(userName: string, password: string) {
  return api<{ uuid: string; userName: string }>('POST', 'auth', '/register', {
    body: { userName, email: `${userName}@example.com`, password, verifyPassword: password },
  });
}
