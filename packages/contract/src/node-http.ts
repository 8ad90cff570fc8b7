import http from 'node:http';
import { type ApiClient, type ApiRequest, type ApiResponse, createClient, type Transport } from './client.ts';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
  text: string;
  /** The body's bytes as they came (a binary answer). */
  raw: Buffer;
  /** `Set-Cookie` values by cookie name. */
  cookies: Record<string, { value: string; attributes: string }>;
}

export interface RequestOptions {
  method?: string;
  host?: string;
  token?: string;
  cookie?: string;
  origin?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** A body sent as it is, with the content type given in `headers`. */
  body?: string | Buffer;
  /** Send `path` as the request target exactly as written (no normalising of dots or escapes). */
  asIs?: boolean;
}

/**
 * The client's transport outside the browser (API tests, the e2e suite, benches): node:http,
 * which can set the Host header that fetch cannot. `httpRequest` is the raw request under it,
 * for tests that send what no client would (encoded paths, broken bodies).
 */
export function httpRequest<T = unknown>(
  baseUrl: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResponse<T>> {
  const url = new URL(path, baseUrl);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.host) headers.host = options.host;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  let payload: string | undefined;
  if (options.json !== undefined) {
    payload = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.form) {
    payload = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const body = options.body ?? payload;
  // node:http sends a DELETE body neither chunked nor with a length unless told its length.
  if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) {
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  const server = new URL(baseUrl);
  const target = {
    hostname: server.hostname,
    port: server.port,
    path: options.asIs ? path : `${url.pathname}${url.search}`,
  };
  return new Promise((resolve, reject) => {
    const method = options.method ?? (body !== undefined ? 'POST' : 'GET');
    const req = http.request({ ...target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        let body: unknown = text;
        if ((res.headers['content-type'] ?? '').includes('application/json') && text) body = JSON.parse(text);
        const cookies: HttpResponse['cookies'] = {};
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair = '', ...rest] = line.split(';');
          const eq = pair.indexOf('=');
          cookies[pair.slice(0, eq).trim()] = { value: pair.slice(eq + 1), attributes: rest.join(';') };
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body as T, text, raw, cookies });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Who a node client signs its requests as, and where they go. */
export interface NodeClientOptions {
  baseUrl: string;
  host?: string;
  token?: string;
  cookie?: string;
  origin?: string;
}

export function nodeTransport(options: NodeClientOptions): Transport {
  const { baseUrl, ...who } = options;
  return async (request: ApiRequest): Promise<ApiResponse> => {
    const body = request.body;
    const response = await httpRequest(baseUrl, request.url, {
      ...who,
      method: request.method,
      ...(body === undefined ? {} : typeof body === 'string' ? { body } : { json: body }),
    });
    return { status: response.status, body: response.body ?? null };
  };
}

/** The typed client (`call(endpoint, input)`, `count(endpoint, input)`) over node:http. */
export function nodeClient(options: NodeClientOptions): ApiClient {
  return createClient(nodeTransport(options));
}
