import {
  type ApiErrorBody,
  type ApiRequest,
  type ApiResponse,
  type Call,
  type Count,
  createClient,
} from '@meshport/contract';
import { emitApiEvent } from './api-events.ts';

export { ApiError, type ApiErrorBody } from '@meshport/contract';

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return response.json();
  const text = await response.text();
  return text === '' ? null : { message: text };
}

interface Reactions {
  /** A 401 signs the user out. */
  unauthorized: boolean;
  /** A 503 shows the maintenance page. */
  maintenance: boolean;
}

/** Same origin, cookie credentials, JSON (FormData as multipart). A failed fetch answers status 0. */
function fetchTransport(reactions: Reactions) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers,
        body,
        credentials: 'include',
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      return { status: 0, body: null };
    }
    const parsed = await readBody(response).catch(() => null);
    if (!response.ok) react(reactions, response.status, parsed);
    return { status: response.status, body: parsed };
  };
}

function react(reactions: Reactions, status: number, body: unknown): void {
  const error: ApiErrorBody = body && typeof body === 'object' ? (body as ApiErrorBody) : {};
  if (status === 401 && reactions.unauthorized) emitApiEvent({ type: 'unauthorized' });
  if (status === 503 && reactions.maintenance) {
    emitApiEvent({ type: 'maintenance', message: error.message ?? null, backOn: error.back_on ?? null });
  }
}

const client = createClient(fetchTransport({ unauthorized: true, maintenance: true }));

/**
 * The one way the app talks to the server: `call(endpoint, { params, query, body })`, typed by
 * the contract. A 401 signs the user out and a 503 shows the maintenance page.
 */
export const call: Call = client.call;

/** `count=1` of a list endpoint: how many rows its filters match (reacts as `call` does). */
export const count: Count = client.count;

/** For the screens that explain a 401 or 503 themselves (sign-in). */
export const callQuietly: Call = createClient(fetchTransport({ unauthorized: false, maintenance: false })).call;

/**
 * For the calls that explain a 401 themselves (session check, sign-out, password reset, the
 * tenant's public record); a 503 still shows the maintenance page.
 */
export const callWithoutSignOut: Call = createClient(fetchTransport({ unauthorized: false, maintenance: true })).call;
