import { emitApiEvent } from './api-events.ts';

/** A failed call: `status` 0 means the server never answered (network failure, offline). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Per-field messages of a 400/422 answer. */
  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
  back_on?: string | null;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON body; FormData is sent as multipart. */
  body?: unknown;
  query?: URLSearchParams | Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Calls whose own screen explains a 401 or 503 (login, validate) opt out of the global
   * reactions (signed out, maintenance page).
   */
  handleUnauthorized?: boolean;
  handleMaintenance?: boolean;
}

export const API_BASE = '/v2';

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query)
            .filter((entry): entry is [string, string | number | boolean] => entry[1] != null)
            .map(([key, value]) => [key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value)]),
        );
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204) return null;
  if (type.includes('json')) return response.json();
  const text = await response.text();
  return text === '' ? null : { message: text };
}

function asErrorBody(value: unknown): ApiErrorBody {
  if (value && typeof value === 'object') return value as ApiErrorBody;
  return {};
}

/**
 * The one way the app talks to the server: same origin, cookie credentials, JSON.
 * Resolves with the parsed body; rejects with ApiError. A 401 signs the user out and a 503
 * shows the maintenance page unless the caller opts out.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, {});
  }

  const parsed = await readBody(response).catch(() => null);
  if (response.ok) return parsed as T;

  const errorBody = asErrorBody(parsed);
  if (response.status === 401 && options.handleUnauthorized !== false) {
    emitApiEvent({ type: 'unauthorized' });
  }
  if (response.status === 503 && options.handleMaintenance !== false) {
    emitApiEvent({
      type: 'maintenance',
      message: errorBody.message ?? null,
      backOn: errorBody.back_on ?? null,
    });
  }
  throw new ApiError(response.status, errorBody);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
