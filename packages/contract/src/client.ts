import {
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  endpointPath,
  isListEndpoint,
  type ListCountAnswer,
  type ListEndpoint,
  type ListInputQuery,
  type ParamsOf,
  type QueryOf,
} from './endpoint.ts';
import { type ListQuery, toListSearchParams } from './list.ts';

export const API_PREFIX = '/v2';

/** A request as the client builds it; a transport sends it (fetch in the browser, node:http in tests). */
export interface ApiRequest {
  method: string;
  /** Path and query, starting with /v2. */
  url: string;
  /** A JSON value, or FormData / a string sent as it is. */
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiResponse {
  status: number;
  /** The parsed JSON answer, or null when there was none. */
  body: unknown;
}

export type Transport = (request: ApiRequest) => Promise<ApiResponse>;

export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
  back_on?: string | null;
  [key: string]: unknown;
}

/** A call answered outside 2xx: `status` 0 means the server never answered (network failure, offline). */
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

type QueryInput<E extends Endpoint> = E extends ListEndpoint ? ListInputQuery<E> : QueryOf<E>;

/** What `call` takes: only the parts the endpoint has, typed by its schemas. */
export type CallInput<E extends Endpoint> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryInput<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> | FormData }) & { signal?: AbortSignal };

type QueryValue = string | number | boolean | null | undefined;

function searchParams(endpoint: Endpoint, query: unknown): URLSearchParams {
  if (!query || typeof query !== 'object') return new URLSearchParams();
  if (!isListEndpoint(endpoint)) return plainParams(query as Record<string, QueryValue>);
  const { per_page, page, sort, filter, included_fields, excluded_fields, count, trashed, ...extra } =
    query as ListQuery & Record<string, QueryValue>;
  const params = toListSearchParams({ per_page, page, sort, filter, included_fields, excluded_fields, count, trashed });
  for (const [key, value] of plainParams(extra as Record<string, QueryValue>)) params.set(key, value);
  return params;
}

function plainParams(query: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return params;
}

/** The URL of a call: `/v2` + the path with its params + the query. */
export function endpointUrl<E extends Endpoint>(
  endpoint: E,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const path = endpointPath(endpoint.path, input.params as Record<string, unknown> | undefined);
  const search = searchParams(endpoint, input.query).toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

export type Call = <E extends Endpoint | ListEndpoint>(endpoint: E, ...input: OptionalInput<E>) => Promise<AnswerOf<E>>;
type OptionalInput<E extends Endpoint> =
  Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** `count=1` of a list: how many rows its filters match. */
export type Count = <E extends ListEndpoint>(endpoint: E, ...input: OptionalInput<E>) => Promise<number>;

export interface ApiClient {
  call: Call;
  count: Count;
}

/**
 * The one typed client: `call(endpoint, { params, query, body })` resolves with the
 * endpoint's answer type and rejects with ApiError outside 2xx. The transport decides how the
 * request travels and who is signed in.
 */
export function createClient(transport: Transport): ApiClient {
  const send = async (endpoint: Endpoint | ListEndpoint, input: SentInput): Promise<unknown> => {
    const response = await transport({
      method: endpoint.method,
      url: endpointUrl(endpoint, input),
      body: input.body,
      signal: input.signal,
    });
    if (response.status >= 200 && response.status < 300) return response.body;
    const body = response.body && typeof response.body === 'object' ? (response.body as ApiErrorBody) : {};
    throw new ApiError(response.status, body);
  };
  return {
    call: async (endpoint, ...rest) => (await send(endpoint, rest[0] ?? {})) as AnswerOf<typeof endpoint>,
    count: async (endpoint, ...rest) => {
      const input: SentInput = rest[0] ?? {};
      const query = { ...(input.query as object | undefined), count: true };
      return countOf(await send(endpoint, { ...input, query }));
    },
  };
}

interface SentInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
}

/** The count of a `count=1` answer, checked by hand: the browser's client carries no schema. */
function countOf(answer: unknown): number {
  const count = (answer as Partial<ListCountAnswer> | null)?.data?.count;
  if (typeof count !== 'number') throw new ApiError(200, { message: 'The answer carries no count.' });
  return count;
}
